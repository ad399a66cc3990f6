// Display-only parts of a page (texts, pictures, plain links) keep the server's HTML when the app
// starts: React neither renders their components again nor walks their elements to hydrate them, which
// is most of a public page's start-up work on a phone. An element given `dangerouslySetInnerHTML` is a
// leaf to React: hydration leaves what is inside it as the server sent it, and later renders, with the
// same empty value, never touch it. From the first navigation on (another page, or this one with new
// data), these parts render normally, so they never show another page's content.
import { useEffect, useState, type HTMLAttributes, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { isPlainClick } from "./plain-click";

let appHydrated = false;

/** Called once the app's first render is on screen (root.tsx): parts mounted after it render normally. */
export function markAppHydrated() {
  appHydrated = true;
}

/** A `div` of markup that only displays: no state, no handlers (its links are followed by
 * `useStaticLinks`). */
export function StaticMarkup({ children, ...props }: HTMLAttributes<HTMLDivElement> & { children: ReactNode }) {
  const { key } = useLocation();
  // The location the server rendered, while this element still holds the server's HTML.
  const [serverLocation, setServerLocation] = useState(() =>
    typeof document !== "undefined" && !appHydrated ? key : null,
  );
  if (serverLocation !== null && serverLocation !== key) setServerLocation(null);
  if (serverLocation === key)
    return <div {...props} data-static-markup="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return (
    <div {...props} data-static-markup="">
      {children}
    </div>
  );
}

/** A plain click on a same-site link inside static markup navigates in the app, as a `<Link>` would
 * (the markup's links are plain anchors to React). Other clicks keep the browser's meaning. */
export function useStaticLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const link = event.target.closest("a[href]");
      if (!(link instanceof HTMLAnchorElement) || !link.closest("[data-static-markup]")) return;
      if (link.target || link.hasAttribute("download") || link.origin !== location.origin) return;
      if (link.pathname === location.pathname && link.hash) return; // an anchor on this page
      event.preventDefault();
      void navigate(link.pathname + link.search + link.hash);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
