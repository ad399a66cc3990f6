import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "../rules/site";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function siteFromMatches(matches: readonly MatchLike[]): SiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteConfig } | undefined;
  return root?.site;
}

/** The brand's share picture (drawn by scripts/share-image.ts). */
export const SHARE_IMAGE = {
  path: "/share.png",
  width: 1200,
  height: 630,
  alt: (siteName: string) => `${siteName} : une distributrice stylisée, dorée sur fond sombre`,
};

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the canonical URL ('/galerie'); omitted for pages that should not be indexed. */
  path?: string;
  image?: string;
  /** What the share picture shows, for those who cannot see it; the page's title by default. */
  imageAlt?: string;
  noindex?: boolean;
  jsonLd?: object | object[];
};

/** Title, description, canonical, Open Graph and Twitter tags (and JSON-LD) for one page. */
export function pageMeta(matches: readonly MatchLike[], input: PageMetaInput): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const siteName = site?.name ?? "";
  const title = fullTitle(input.title, siteName);
  const base = site?.publicUrl ?? "";
  const url = input.path !== undefined ? `${base}${input.path}` : undefined;
  // A page without a picture of its own is shared with the brand's (public/share.png).
  const own = input.image ? (input.image.startsWith("http") ? input.image : `${base}${input.image}`) : undefined;
  const image = own ?? `${base}${SHARE_IMAGE.path}`;
  const imageAlt = input.imageAlt || (own ? input.title : SHARE_IMAGE.alt(siteName));
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "fr_CA" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
  ];
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  tags.push(
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  );
  if (!own) {
    tags.push(
      { property: "og:image:width", content: String(SHARE_IMAGE.width) },
      { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    );
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const item of [input.jsonLd ?? []].flat()) tags.push({ "script:ld+json": item });
  return tags;
}

/** A page's own title, description and share picture, over which the staff's (edited in /edit-pages:
 * seoTitle, seoDescription, seoImage and its text seoImageAlt) win when given. Without a picture of
 * their own, seoImageAlt describes the brand's. */
export function withSeoTexts(input: PageMetaInput, texts: Record<string, string> | undefined): PageMetaInput {
  const image = texts?.seoImage || undefined;
  return {
    ...input,
    title: texts?.seoTitle || input.title,
    description: texts?.seoDescription || input.description,
    ...(image
      ? { image, imageAlt: texts?.seoImageAlt || undefined }
      : { imageAlt: texts?.seoImageAlt || input.imageAlt }),
  };
}

/** The title a page's tab and search result show: the site's name is added when missing. */
export function fullTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** JSON-LD LocalBusiness for the home, about and contact pages. */
export function localBusinessJsonLd(site: SiteConfig | undefined): object | undefined {
  if (!site) return undefined;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: site.name,
    url: site.publicUrl,
    telephone: site.phone.replace(/\u00a0/g, " "),
    email: site.email,
    areaServed: [
      { "@type": "City", name: "Québec" },
      { "@type": "City", name: "Lévis" },
    ],
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
      opens: "00:00",
      closes: "23:59",
    },
    sameAs: [site.instagramUrl, site.facebookUrl, site.linkedinUrl].filter(Boolean),
    ...(site.address
      ? { address: { "@type": "PostalAddress", streetAddress: site.address, addressCountry: "CA" } }
      : {}),
  };
}
