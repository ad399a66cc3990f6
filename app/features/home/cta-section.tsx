import { ArrowRight } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { isPlainClick } from "~/lib/plain-click";
import { REDIRECT_AFTER_MS, SCROLL_TARGET_PX, createVeil } from "./page-transition";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import type { SiteTexts } from "~/features/site-texts/site-texts";

/** Call to action: a black fade-out, the button reading 'Redirection...' (disabled), /notre-offre
 * after 650 ms, then a scroll to 80 px and a fade-in. Before the app has started it is a plain GET form
 * that goes there at once. */
export function CtaSection({ texts }: { texts: SiteTexts }) {
  const navigate = useNavigate();
  const reduced = usePrefersReducedMotion();
  const [redirecting, setRedirecting] = useState(false);

  function go(event: React.MouseEvent) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (redirecting) return;
    setRedirecting(true);
    const veil = createVeil(reduced);
    veil.show();
    async function arrive() {
      await navigate("/notre-offre", { preventScrollReset: true });
      window.scrollTo({ top: SCROLL_TARGET_PX, behavior: "instant" });
      await veil.hide();
    }
    window.setTimeout(() => void arrive(), REDIRECT_AFTER_MS);
  }

  return (
    <section aria-labelledby="cta-titre" className="relative isolate overflow-hidden bg-ink py-24 text-ivory sm:py-32">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_90%_at_50%_120%,rgb(184_137_59/0.35),transparent_70%)]"
      />
      <div className="container-page flex flex-col items-center text-center">
        <p className="text-xs font-semibold tracking-[0.22em] text-brass-light uppercase">{texts.ctaEyebrow}</p>
        <h2 id="cta-titre" className="mt-4 max-w-3xl text-4xl leading-tight font-medium sm:text-6xl">
          {texts.ctaTitle}
        </h2>
        <p className="mt-6 max-w-xl text-lg text-ivory/75">{texts.ctaText}</p>
        {/* A plain GET form, so the button also works before JavaScript arrives. */}
        <form action="/notre-offre" method="get" className="mt-10">
          <button
            type="submit"
            onClick={go}
            disabled={redirecting}
            aria-live="polite"
            className={cn(buttonClass("brass", "lg"), "group min-w-[19rem]")}
            data-testid="cta-button"
            data-objectif="accueil_action"
          >
            {redirecting ? "Redirection..." : texts.ctaButton}
            {!redirecting && (
              <ArrowRight className="transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            )}
          </button>
        </form>
      </div>
    </section>
  );
}
