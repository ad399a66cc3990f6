import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "../rules/site";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function siteFromMatches(matches: readonly MatchLike[]): SiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteConfig } | undefined;
  return root?.site;
}

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the canonical URL ('/galerie'); omitted for pages that should not be indexed. */
  path?: string;
  image?: string;
  noindex?: boolean;
  jsonLd?: object | object[];
};

/** Title, description, canonical, Open Graph and Twitter tags (and JSON-LD) for one page. */
export function pageMeta(matches: readonly MatchLike[], input: PageMetaInput): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const siteName = site?.name ?? "";
  const title = input.title.includes(siteName) ? input.title : `${input.title} | ${siteName}`;
  const base = site?.publicUrl ?? "";
  const url = input.path !== undefined ? `${base}${input.path}` : undefined;
  const image = input.image ? (input.image.startsWith("http") ? input.image : `${base}${input.image}`) : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "fr_CA" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
  ];
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const item of [input.jsonLd ?? []].flat()) tags.push({ "script:ld+json": item });
  return tags;
}

/** JSON-LD LocalBusiness for the home, about and contact pages. */
export function localBusinessJsonLd(site: SiteConfig | undefined): object | undefined {
  if (!site) return undefined;
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: site.name,
    url: site.publicUrl,
    telephone: site.phone,
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
