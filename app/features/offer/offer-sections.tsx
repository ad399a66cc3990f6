// The sections of /notre-offre: its header and its three numbered sections (the machines, the
// products, the service), each working as plain links before the app has started.
import { ArrowDown, ArrowRight, ArrowUp, Check } from "lucide-react";
import type { MouseEvent, ReactNode, RefObject } from "react";
import { Img } from "~/components/img";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { onPlainClick } from "~/lib/plain-click";
import { OFFER_TEXTS, type OfferSection as OfferSectionTexts } from "~/rules/offer-texts";
import type { SiteConfig } from "~/rules/site";
import { PROCESS_STEPS } from "../about/content";
import { ContactPromises } from "../home/contact-section";
import { DeferredContactForm } from "../home/deferred-contact-form";
import { MachineIllustration } from "../home/machine-illustration";
import { CategoryPicture } from "./category-picture";
import { TopTenBadge } from "./badges";
import { useSectionLink } from "./progress-nav";
import type { OfferLoaderData, OfferPreview } from "./view";

/** Handlers that start loading a dialog's code before it is opened. */
type Preload = { onPointerEnter: () => void; onFocus: () => void; onTouchStart: () => void };

/** The page's title and its three sections as links to them. */
export function OfferHeader({
  titleRef,
  texts,
  sections,
}: {
  titleRef: RefObject<HTMLHeadingElement | null>;
  /** The page's edited texts. */
  texts: Record<string, string>;
  sections: readonly OfferSectionTexts[];
}) {
  const sectionLink = useSectionLink();
  return (
    <header className="relative overflow-hidden bg-ivory">
      <div className="container-page pt-16 pb-14 sm:pt-24 sm:pb-20 xl:pl-28">
        <p className="eyebrow">{texts.heroEyebrow}</p>
        <h1
          ref={titleRef}
          tabIndex={-1}
          className="mt-4 max-w-4xl text-[clamp(2.6rem,6.5vw,5.2rem)] leading-[0.98] font-medium tracking-[-0.025em] outline-none"
        >
          {`${texts.heroTitle} `}
          <span className="text-brass-ink">{texts.heroTitleAccent}</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-stone sm:text-xl">{texts.heroText}</p>
        <ol className="mt-12 grid gap-3 sm:grid-cols-3 sm:gap-4">
          {sections.map((section, i) => (
            <li key={section.id}>
              <a
                {...sectionLink(section.id)}
                className="group flex h-full w-full items-center gap-4 rounded-[var(--radius-card)] border border-ink/10 bg-white/70 p-5 text-left transition-colors hover:border-ink/30 hover:bg-white"
              >
                <span className="font-display text-3xl text-brass-ink tabular-nums" aria-hidden="true">
                  0{i + 1}
                </span>
                <span className="flex-1 font-medium">{section.title}</span>
                <ArrowDown
                  className="size-4 text-stone transition-transform group-hover:translate-y-0.5"
                  aria-hidden="true"
                />
              </a>
            </li>
          ))}
        </ol>
      </div>
    </header>
  );
}

/** 01: the machines, with a button to the machines dialog and a card per category. */
export function MachinesSection({
  section,
  preview,
  onOpen,
  onOpenCategory,
  preload,
}: {
  section: OfferSectionTexts;
  preview: OfferPreview | null;
  onOpen: () => void;
  onOpenCategory: (id: string) => void;
  preload: Preload;
}) {
  return (
    <OfferSection section={section} index={0} tone="dark">
      <div className="grid items-center gap-14 lg:grid-cols-[1fr_1fr] lg:gap-20">
        <div>
          <SectionHeading section={section} index={0} tone="dark" />
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ivory/75">{section.text}</p>
          <Checklist
            tone="dark"
            items={[
              "Façades vitrées et éclairage soigné",
              "Paiement sans contact",
              "Formats compacts ou grande capacité",
              "Installation gratuite",
            ]}
          />
          {/* The catalogue's page before the app has started (and for a new tab); the dialog after. */}
          <a
            href="/machines"
            aria-haspopup="dialog"
            onClick={onPlainClick(onOpen)}
            {...preload}
            className={cn(buttonClass("brass", "lg"), "group mt-10")}
          >
            Voir nos machines
            <ArrowRight className="transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
          </a>
          {preview && preview.counts.machines > 0 && (
            <p className="mt-4 text-sm text-ivory/60">
              {preview.counts.machines} modèle{preview.counts.machines > 1 ? "s" : ""} disponible
              {preview.counts.machines > 1 ? "s" : ""}
            </p>
          )}
        </div>
        <CategoryPreview preview={preview} onOpen={onOpenCategory} preload={preload} />
      </div>
    </OfferSection>
  );
}

/** 02: the products, with a button to the products dialog. */
export function ProductsSection({
  section,
  preview,
  onOpen,
  preload,
}: {
  section: OfferSectionTexts;
  preview: OfferPreview | null;
  onOpen: () => void;
  preload: Preload;
}) {
  return (
    <OfferSection section={section} index={1} tone="light">
      <div className="grid items-center gap-14 lg:grid-cols-[1fr_1.1fr] lg:gap-20">
        <div className="lg:order-2">
          <SectionHeading section={section} index={1} tone="light" />
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone">{section.text}</p>
          <Checklist
            tone="light"
            items={[
              "Produits populaires et produits locaux",
              "Options santé et sans gluten",
              "Prix affichés, sans surprise",
            ]}
          />
          <a
            href="/produits"
            aria-haspopup="dialog"
            onClick={onPlainClick(onOpen)}
            {...preload}
            className={cn(buttonClass("primary", "lg"), "group mt-10")}
          >
            Parcourir nos produits
            <ArrowRight className="transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
          </a>
          {preview && preview.counts.products > 0 && (
            <p className="mt-4 text-sm text-stone">
              {preview.counts.products} produit{preview.counts.products > 1 ? "s" : ""} au catalogue
            </p>
          )}
        </div>
        <ProductPreview preview={preview} />
      </div>
    </OfferSection>
  );
}

/** 03: how the service goes, the contact form, and back to the top. */
export function ServiceSection({
  section,
  site,
  texts,
  onBackToTop,
}: {
  section: OfferSectionTexts;
  site: SiteConfig;
  texts: OfferLoaderData["texts"];
  onBackToTop: (event: MouseEvent) => void;
}) {
  const offer = texts?.offer ?? OFFER_TEXTS;
  const steps = texts
    ? [1, 2, 3, 4].map((n) => ({ title: texts.about[`step${n}Title`] ?? "", text: texts.about[`step${n}Text`] ?? "" }))
    : PROCESS_STEPS;
  return (
    <OfferSection section={section} index={2} tone="sand">
      <SectionHeading section={section} index={2} tone="light" />
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-stone">{section.text}</p>
      <ol className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, i) => (
          <li key={i} className="relative rounded-[var(--radius-card)] bg-white p-7 shadow-[var(--shadow-card)]">
            <span className="font-display text-5xl text-brass/80 tabular-nums" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="mt-4 text-xl font-semibold">
              <span className="sr-only">Étape {i + 1} : </span>
              {step.title}
            </h3>
            <p className="mt-3 leading-relaxed text-stone">{step.text}</p>
          </li>
        ))}
      </ol>

      <div
        id="demande"
        className="mt-20 grid gap-12 rounded-[1.75rem] bg-ink p-6 text-ivory sm:p-12 lg:grid-cols-[0.9fr_1.1fr] lg:gap-16"
      >
        <div>
          <p className="text-xs font-semibold tracking-[0.22em] text-brass-light uppercase">{offer.requestEyebrow}</p>
          <h3 className="mt-3 text-3xl font-semibold sm:text-4xl">{offer.requestTitle}</h3>
          <p className="mt-4 max-w-md text-ivory/70">{offer.requestText}</p>
          <div className="mt-10">
            {texts && <ContactPromises site={site} texts={texts.contact} tone="dark" compact />}
          </div>
        </div>
        <DeferredContactForm onDark whenNear />
      </div>

      <div className="mt-16 flex justify-center">
        {/* '#top' is the top of the document for the browser itself, before the app has started. */}
        <a href="#top" onClick={onBackToTop} className={cn(buttonClass("outline", "md"), "group")}>
          <ArrowUp className="transition-transform group-hover:-translate-y-0.5" aria-hidden="true" />
          Retour en haut
        </a>
      </div>
    </OfferSection>
  );
}

const TONES = {
  dark: "bg-ink text-ivory",
  light: "bg-ivory",
  sand: "bg-sand/60",
} as const;

function OfferSection({
  section,
  index,
  tone,
  children,
}: {
  section: OfferSectionTexts;
  index: number;
  tone: keyof typeof TONES;
  children: ReactNode;
}) {
  return (
    <section
      id={section.id}
      tabIndex={-1}
      aria-labelledby={`${section.id}-titre`}
      className={cn("scroll-mt-28 py-24 outline-none sm:py-32 xl:scroll-mt-16", index > 0 && "below-fold", TONES[tone])}
      data-testid={`offer-section-${index + 1}`}
    >
      <div className="container-page xl:pl-28">{children}</div>
    </section>
  );
}

function SectionHeading({
  section,
  index,
  tone,
}: {
  section: OfferSectionTexts;
  index: number;
  tone: "dark" | "light";
}) {
  return (
    <>
      <p
        className={cn(
          "flex items-center gap-3 text-xs font-semibold tracking-[0.22em] uppercase",
          tone === "dark" ? "text-brass-light" : "text-brass-ink",
        )}
      >
        <span className="font-display text-base tracking-normal tabular-nums">0{index + 1}</span>
        <span
          className={cn("h-px w-10", tone === "dark" ? "bg-brass-light/60" : "bg-brass-ink/50")}
          aria-hidden="true"
        />
        {section.short}
      </p>
      <h2 id={`${section.id}-titre`} className="mt-5 text-4xl leading-[1.05] font-semibold sm:text-6xl">
        {section.title}
      </h2>
    </>
  );
}

function Checklist({ items, tone }: { items: string[]; tone: "dark" | "light" }) {
  return (
    <ul className="mt-8 grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <span
            className={cn(
              "mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full",
              tone === "dark" ? "bg-brass/20 text-brass-light" : "bg-ink text-brass-light",
            )}
          >
            <Check className="size-3.5" aria-hidden="true" />
          </span>
          <span className={tone === "dark" ? "text-ivory/85" : "text-ink/85"}>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Each category as a card: a link to its catalogue page, which a plain click opens in the dialog. */
function CategoryPreview({
  preview,
  onOpen,
  preload,
}: {
  preview: OfferPreview | null;
  onOpen: (id: string) => void;
  preload: Preload;
}) {
  const categories = preview?.categories ?? [];
  if (categories.length === 0) {
    return (
      <div className="relative mx-auto flex h-[28rem] w-full max-w-md items-end justify-center rounded-[1.75rem] bg-[radial-gradient(80%_70%_at_50%_30%,rgb(184_137_59/0.25),transparent_70%)]">
        <MachineIllustration className="h-[26rem] w-auto" />
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-4" aria-label="Nos types de machines">
      {categories.map((category, i) => (
        <li
          key={category.id}
          // Its height is fixed, so it needs no placeholder while skipped. With an odd count, the first
          // card takes a whole row and the others go in pairs.
          className={cn(
            "below-fold relative [--below-fold-size:none]",
            i === 0 && categories.length % 2 === 1 ? "col-span-2 h-64" : "h-52",
          )}
        >
          <a
            href={`/machines/${category.id}`}
            aria-haspopup="dialog"
            onClick={onPlainClick(() => onOpen(category.id))}
            {...preload}
            className="group relative block size-full overflow-hidden rounded-[var(--radius-card)] bg-ink-3 outline-offset-4"
          >
            <CategoryPicture
              category={category}
              sizes={
                i === 0 && categories.length % 2 === 1
                  ? "(min-width: 1024px) 560px, calc(100vw - 2.5rem)"
                  : "(min-width: 1024px) 272px, calc(50vw - 1.75rem)"
              }
              maxWidth={640}
              className="size-full object-cover opacity-85 transition-transform duration-700 group-hover:scale-[1.04]"
            />
            <span
              className="absolute inset-0 bg-gradient-to-t from-ink/85 via-ink/20 to-transparent"
              aria-hidden="true"
            />
            <span className="absolute right-5 bottom-4 left-5">
              <span className="block font-display text-xl font-semibold text-ivory">{category.nom}</span>
              <span className="inline-flex items-center gap-1.5 text-sm text-ivory/75">
                {category.machineCount} machine{category.machineCount > 1 ? "s" : ""}
                <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function ProductPreview({ preview }: { preview: OfferPreview | null }) {
  const products = preview?.topProducts ?? [];
  if (products.length === 0) return <div className="hidden lg:block" />;
  return (
    <ul className="grid grid-cols-2 gap-4 lg:order-1" aria-label="Quelques-uns de nos plus gros vendeurs">
      {products.map((product, i) => (
        <li
          key={product.id}
          className={cn(
            "overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]",
            i % 2 === 1 && "translate-y-8",
          )}
        >
          <div className="relative aspect-square bg-sand/60">
            <Img
              src={product.image}
              alt=""
              width={480}
              height={480}
              sizes="(min-width: 1024px) 280px, 50vw"
              maxWidth={320}
              className="size-full object-cover"
            />
            <TopTenBadge className="absolute top-3 left-3" />
          </div>
          <div className="flex items-start justify-between gap-2 p-4">
            <span className="text-sm leading-snug font-semibold">{product.nom}</span>
            <span className="text-sm text-stone tabular-nums">{formatPrice(product.prix)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
