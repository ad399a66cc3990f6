import { useLocation } from "react-router";
import { useSite } from "~/lib/site-data";
import { isStaffWorkScreen } from "~/rules/staff-paths";
import { InstagramIcon } from "./brand";

/** Whether the floating button belongs on this page: everywhere but the staff screens one works in
 * (their bottom-right controls: photo cards, save bars), a machine's page (/m/{code}), where a person
 * at the machine has one thing to do and a phone screen to do it on, a client's proposal
 * (/proposition/{jeton}), where it would sit over the machine and the answer, and the monthly report's
 * opt-out (/desabonnement/{jeton}), one button too. */
export function showsInstagramButton(pathname: string): boolean {
  return !isStaffWorkScreen(pathname) && !/^\/(m|proposition|desabonnement)\//i.test(pathname);
}

/** Floating Instagram contact button, fixed bottom-right; expands on hover (or focus) to 'Écrivez-nous !'.
 * Left out of the staff screens (showsInstagramButton). */
export function InstagramButton() {
  const site = useSite();
  const { pathname } = useLocation();
  if (!showsInstagramButton(pathname)) return null;
  return (
    <a
      href={site.instagramDmUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Contactez-nous sur Instagram"
      // Steps aside on a phone while a field is filled in (app.css).
      data-floating-contact
      className="group fixed right-5 bottom-5 z-50 flex h-14 items-center overflow-hidden rounded-full bg-gradient-to-br from-[#7a2bd6] via-[#d62976] to-[#f58529] pr-4 pl-4 text-white shadow-lg shadow-ink/25 transition-all duration-300 hover:pr-5 focus-visible:pr-5 print:hidden"
    >
      <InstagramIcon className="size-6 shrink-0" />
      <span className="max-w-0 overflow-hidden whitespace-nowrap text-sm font-semibold opacity-0 transition-all duration-300 group-hover:ml-2.5 group-hover:max-w-40 group-hover:opacity-100 group-focus-visible:ml-2.5 group-focus-visible:max-w-40 group-focus-visible:opacity-100">
        {"Écrivez-nous\u00a0!"}
      </span>
    </a>
  );
}
