import { ArrowRight } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ContactFormSkeleton } from "./contact-section-skeleton";

// The form (and its validation library) is fetched after the page has painted, so it never weighs on
// the first view; /contact itself renders it directly, and visitors without JavaScript are sent there.
const load = () => import("~/features/contact-requests/contact-form");
const ContactForm = lazy(() => load().then((m) => ({ default: m.ContactForm })));

type Props = {
  /** On a dark section (see ContactForm). */
  onDark?: boolean;
  /** Keep the skeleton at least this long after mounting (home: 1.2 s, as specified), and for as
   * long as the form is loading. */
  minDelayMs?: number;
  /** Load only when the form comes within reach of the viewport (long pages). */
  whenNear?: boolean;
};

export function DeferredContactForm({ onDark, minDelayMs = 0, whenNear = false }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const started = Date.now();
    const reveal = () => {
      void load().then(() => {
        const wait = Math.max(0, minDelayMs - (Date.now() - started));
        window.setTimeout(() => !cancelled && setShow(true), wait);
      });
    };
    const element = ref.current;
    if (!whenNear || !element || typeof IntersectionObserver === "undefined") {
      reveal();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        reveal();
      },
      { rootMargin: "1200px 0px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [minDelayMs, whenNear]);

  return (
    <div ref={ref}>
      {show ? (
        <Suspense fallback={<ContactFormSkeleton />}>
          <ContactForm onDark={onDark} />
        </Suspense>
      ) : (
        <ContactFormSkeleton />
      )}
      <noscript>
        <Link to="/contact" className="mt-6 inline-flex items-center gap-2 font-medium underline underline-offset-4">
          Remplir le formulaire de demande
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </noscript>
    </div>
  );
}
