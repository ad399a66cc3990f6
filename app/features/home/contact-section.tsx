import { Clock, Headset, MapPin, Phone } from "lucide-react";
import { DeferredContactForm } from "./deferred-contact-form";
import { telHref, type SiteConfig } from "~/rules/site";
import type { SiteTexts } from "~/features/site-texts/site-texts";

/** The contact form appears after a 1.2 s skeleton. */
const CONTACT_SKELETON_MS = 1200;

/** What we promise to anyone who writes: the same four facts on every page that has the form. */
export function ContactPromises({
  site,
  tone = "light",
  compact = false,
  texts,
}: {
  site: SiteConfig;
  /** The contact page's edited texts. */
  texts: SiteTexts;
  tone?: "light" | "dark";
  compact?: boolean;
}) {
  const muted = tone === "dark" ? "text-ivory/70" : "text-stone";
  const strong = tone === "dark" ? "text-ivory" : "text-ink";
  const icon = tone === "dark" ? "bg-ivory/10 text-brass-light" : "bg-sand text-brass-ink";
  const items = [
    {
      Icon: Clock,
      title: texts.responseTitle ?? "",
      text: texts.responseText ?? "",
    },
    {
      Icon: Phone,
      title: site.phone,
      text: texts.phoneText ?? "",
      href: telHref(site.phone),
    },
    { Icon: Headset, title: texts.supportTitle ?? "", text: texts.supportText ?? "" },
    { Icon: MapPin, title: site.serviceArea, text: texts.areaText ?? "" },
  ];
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${compact ? "lg:grid-cols-1" : ""}`}>
      {items.map(({ Icon, title, text, href }) => (
        <li key={title} className="flex gap-4">
          <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full ${icon}`}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className={`font-semibold ${strong}`}>
              {href ? (
                <a href={href} className="underline-offset-4 hover:underline">
                  {title}
                </a>
              ) : (
                title
              )}
            </p>
            <p className={`mt-1 text-sm leading-relaxed ${muted}`}>{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Home contact section: promises on one side, the request form (after its skeleton) on the other. */
export function ContactSection({ site, texts }: { site: SiteConfig; texts: SiteTexts }) {
  return (
    <section id="contact" aria-labelledby="contact-titre" className="below-fold scroll-mt-20 bg-sand/60 py-24 sm:py-32">
      <div className="container-page grid gap-14 lg:grid-cols-[1fr_1.15fr] lg:gap-20">
        <div>
          <p className="eyebrow">Contact</p>
          <h2 id="contact-titre" className="mt-3 text-4xl font-semibold sm:text-5xl">
            Parlons de votre espace
          </h2>
          <p className="mt-5 max-w-lg text-lg text-stone">
            Dites-nous où vous imaginez votre distributrice&nbsp;: nous vous proposons la machine et les produits qui
            vous ressemblent.
          </p>
          <div className="mt-10">
            <ContactPromises site={site} texts={texts} />
          </div>
        </div>
        <div className="min-h-[36rem]">
          <DeferredContactForm minDelayMs={CONTACT_SKELETON_MS} whenNear />
        </div>
      </div>
    </section>
  );
}
