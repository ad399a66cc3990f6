import { HandCoins, Headset, Sparkles, Timer } from "lucide-react";
import type { SiteTexts } from "~/features/site-texts/site-texts";

/** The promises' icons, in order (their texts are the published home texts); a proposal shows them too. */
export const PROMISE_ICONS = [HandCoins, Timer, Sparkles, Headset];

/** Home: why a business picks us, in four short promises. */
export function PromisesSection({ texts }: { texts: SiteTexts }) {
  const promises = PROMISE_ICONS.map((Icon, i) => ({
    Icon,
    title: texts[`promise${i + 1}Title`] ?? "",
    text: texts[`promise${i + 1}Text`] ?? "",
  }));
  return (
    <section aria-labelledby="promesses-titre" className="bg-ivory pt-24 sm:pt-32">
      <div className="container-page grid gap-14 lg:grid-cols-[0.9fr_1.1fr] lg:gap-24">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="eyebrow">{texts.promisesEyebrow}</p>
          <h2 id="promesses-titre" className="mt-3 text-4xl leading-tight font-semibold sm:text-5xl">
            {texts.promisesTitle}
          </h2>
          <p className="mt-6 max-w-md text-lg leading-relaxed text-stone">{texts.promisesText}</p>
        </div>
        <ul className="grid gap-x-10 gap-y-12 sm:grid-cols-2">
          {promises.map(({ Icon, title, text }, i) => (
            <li key={i} className="border-t border-ink/12 pt-6">
              <div className="flex items-center justify-between">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-ink text-brass-light">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="font-display text-sm text-stone tabular-nums" aria-hidden="true">
                  0{i + 1}
                </span>
              </div>
              <h3 className="mt-6 text-2xl font-semibold">{title}</h3>
              <p className="mt-3 leading-relaxed text-stone">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
