import { ArrowRight, Clock, HandCoins, Headset, Timer } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { SiteTexts } from "~/features/site-texts/site-texts";

const BENEFIT_ICONS = [Timer, HandCoins, Headset, Clock];

export function AboutPage({ texts }: { texts: SiteTexts }) {
  const four = (name: string) =>
    [1, 2, 3, 4].map((n) => ({ title: texts[`${name}${n}Title`] ?? "", text: texts[`${name}${n}Text`] ?? "" }));
  return (
    <>
      <section aria-labelledby="about-titre" className="relative isolate overflow-hidden bg-ink text-ivory">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(90%_80%_at_100%_0%,rgb(184_137_59/0.35),transparent_60%),linear-gradient(160deg,#0f1115,#1b1e24)]"
        />
        <div className="container-page py-24 sm:py-32">
          <p className="text-xs font-semibold tracking-[0.22em] text-brass-light uppercase">{texts.heroEyebrow}</p>
          <h1
            id="about-titre"
            className="mt-5 max-w-4xl text-[clamp(2.6rem,6vw,5rem)] leading-[1] font-medium tracking-[-0.025em]"
          >
            {`${texts.heroTitle} `}
            <span className="text-brass-light">{texts.heroTitleAccent}</span>
          </h1>
          <p className="mt-7 max-w-2xl text-lg leading-relaxed text-ivory/75 sm:text-xl">{texts.heroText}</p>
        </div>
      </section>

      <section aria-labelledby="avantages-titre" className="bg-ivory py-24 sm:py-32">
        <div className="container-page">
          <p className="eyebrow">{texts.benefitsEyebrow}</p>
          <h2 id="avantages-titre" className="mt-3 max-w-2xl text-4xl font-semibold sm:text-5xl">
            {texts.benefitsTitle}
          </h2>
          <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="benefits">
            {four("benefit").map((benefit, i) => {
              const Icon = BENEFIT_ICONS[i]!;
              return (
                <li
                  key={i}
                  className="flex flex-col rounded-[var(--radius-card)] bg-white p-7 shadow-[var(--shadow-card)] ring-1 ring-ink/5"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-ink text-brass-light">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-6 text-2xl font-semibold">{benefit.title}</h3>
                  <p className="mt-3 leading-relaxed text-stone">{benefit.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="processus-titre" className="bg-sand/60 py-24 sm:py-32">
        <div className="container-page grid gap-14 lg:grid-cols-[0.8fr_1.2fr] lg:gap-20">
          <div>
            <p className="eyebrow">{texts.processEyebrow}</p>
            <h2 id="processus-titre" className="mt-3 text-4xl font-semibold sm:text-5xl">
              {texts.processTitle}
            </h2>
            <p className="mt-5 max-w-md text-lg text-stone">{texts.processText}</p>
            <Link to="/contact" className={cn(buttonClass("primary", "lg"), "group mt-10")}>
              {texts.processButton}
              <ArrowRight className="transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            </Link>
          </div>
          <ol className="relative space-y-5" data-testid="process-steps">
            {four("step").map((step, i) => (
              <li key={i} className="flex gap-6 rounded-[var(--radius-card)] bg-white p-7 shadow-[var(--shadow-card)]">
                <span
                  className="w-8 shrink-0 text-center font-display text-5xl leading-none text-brass tabular-nums"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="text-2xl font-semibold">
                    <span className="sr-only">Étape {i + 1} : </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 leading-relaxed text-stone">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
