import { useEffect, useState } from "react";
import { cn } from "~/lib/cn";
import { onPlainClick } from "~/lib/plain-click";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { OFFER_SECTIONS, type OfferSection } from "~/rules/offer-texts";
import { sectionProgress, type SectionProgress } from "./progress";

/** Which section is read and how far down the page is, updated once per frame while scrolling. */
function useSectionProgress(ids: readonly string[]): SectionProgress {
  const [state, setState] = useState<SectionProgress>({ active: -1, progress: 0 });
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const boxes = ids.map((id) => {
        const rect = document.getElementById(id)?.getBoundingClientRect();
        return { top: (rect?.top ?? 0) + window.scrollY, height: rect?.height ?? 0 };
      });
      const next = sectionProgress(window.scrollY, window.innerHeight, boxes);
      setState((prev) =>
        prev.active === next.active && Math.abs(prev.progress - next.progress) < 0.002 ? prev : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [ids]);
  return state;
}

/** Smooth scroll to a section (instant with reduced motion); focus follows for keyboard users. */
function useScrollToSection() {
  const reduced = usePrefersReducedMotion();
  return (id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
    target.focus({ preventScroll: true });
  };
}

/** Props of a link to a section (`#id`): the browser jumps there before the app has started; the app
 * then scrolls smoothly instead (the address stays as it is, as before). */
export function useSectionLink() {
  const scrollTo = useScrollToSection();
  return (id: string) => ({ href: `#${id}`, onClick: onPlainClick(() => scrollTo(id)) });
}

const IDS = OFFER_SECTIONS.map((s) => s.id);

/** Side progress indicator: a vertical rail at the left on wide screens, a bar under the header
 * on smaller ones. Each step is a link to its section. */
export function ProgressNav({ sections }: { sections: readonly OfferSection[] }) {
  const { active, progress } = useSectionProgress(IDS);
  const sectionLink = useSectionLink();
  const percent = Math.round(progress * 100);
  return (
    <nav
      aria-label="Progression dans l'offre"
      data-testid="offer-progress"
      data-active={active}
      className={cn(
        "sticky top-16 z-30 border-b border-ink/8 bg-ivory/90 backdrop-blur-md",
        "xl:fixed xl:top-1/2 xl:left-6 xl:-translate-y-1/2 xl:border-0 xl:bg-transparent xl:backdrop-blur-none 2xl:left-10",
      )}
    >
      <div className="relative container-page xl:w-auto xl:px-0">
        <ol className="flex items-stretch justify-between gap-2 xl:flex-col xl:gap-7">
          {sections.map((section, i) => {
            const current = i === active;
            const done = i < active;
            return (
              <li key={section.id} className="flex-1 xl:flex-none">
                <a
                  {...sectionLink(section.id)}
                  aria-current={current ? "step" : undefined}
                  className="group flex w-full items-center justify-center gap-1.5 py-3 text-xs sm:gap-2 sm:text-sm xl:justify-start xl:gap-3 xl:py-0"
                >
                  {/* The name is the visible text with its context around it, so speech input finds it. */}
                  <span className="sr-only">Section </span>
                  <span
                    className={cn(
                      "relative z-10 inline-flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums transition-colors duration-300 xl:size-9",
                      current
                        ? "border-ink bg-ink text-brass-light"
                        : done
                          ? "border-brass bg-brass text-ink"
                          : "border-ink/20 bg-ivory text-stone group-hover:border-ink/50",
                    )}
                  >
                    {i + 1}
                  </span>
                  <span className="sr-only">{"\u00a0: "}</span>
                  <span
                    className={cn(
                      "truncate font-medium transition-colors xl:pointer-events-none xl:rounded-full xl:bg-ink xl:px-3 xl:py-1.5 xl:text-xs xl:text-ivory xl:opacity-0 xl:transition-opacity xl:group-hover:opacity-100 xl:group-focus-visible:opacity-100",
                      current ? "text-ink" : "text-stone",
                    )}
                  >
                    {section.short}
                  </span>
                  <span className="sr-only"> — {section.title}</span>
                </a>
              </li>
            );
          })}
        </ol>
        <div
          role="progressbar"
          aria-label="Progression de la lecture"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="absolute inset-x-0 bottom-0 h-0.5 bg-ink/8 xl:inset-x-auto xl:top-0 xl:bottom-0 xl:left-[1.0625rem] xl:h-auto xl:w-0.5"
        >
          <div className="h-full bg-brass transition-[width] duration-150 xl:hidden" style={{ width: `${percent}%` }} />
          <div
            className="hidden w-full bg-brass transition-[height] duration-150 xl:block"
            style={{ height: `${percent}%` }}
          />
        </div>
      </div>
    </nav>
  );
}
