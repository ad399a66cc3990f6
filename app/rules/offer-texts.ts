// The offer page's texts as first published: the defaults of its document in /edit-pages, and what the
// page shows when its loader could not read the published ones. In the visitors' bundle, so apart from
// the editor's longer lists.

/** /notre-offre's three sections, in order: their anchor and the prefix of their fields. */
export const OFFER_SECTIONS = [
  { id: "machine", key: "machine" },
  { id: "produits", key: "products" },
  { id: "service", key: "service" },
] as const;

export const OFFER_TEXTS: Record<string, string> = {
  heroEyebrow: "Notre offre",
  heroTitle: "Une offre clé en main,",
  heroTitleAccent: "pensée pour votre image.",
  heroText:
    "Vous choisissez la machine, nous composons la sélection de produits, puis nous nous occupons de tout le reste. Sans frais, à Québec et Lévis.",
  machineShort: "La machine",
  machineTitle: "Choisir la machine parfaite",
  machineText:
    "Collations, boissons froides ou café : chaque espace a ses habitudes. Nous vous aidons à choisir la machine qui s'intègre à votre décor et plaît à ceux qui l'utilisent.",
  productsShort: "Les produits",
  productsTitle: "Des produits qui se démarquent",
  productsText:
    "Des marques que tout le monde aime, des découvertes locales et des options plus santé. La sélection s'ajuste à votre équipe : ce qui plaît reste, le reste change.",
  serviceShort: "Le service",
  serviceTitle: "Laissez-nous faire le reste",
  serviceText:
    "Une fois la machine choisie, notre équipe locale s'occupe de tout, de la première visite au remplissage hebdomadaire.",
  requestEyebrow: "Contact",
  requestTitle: "Parlons de votre projet",
  requestText: "Décrivez votre espace : nous revenons vers vous avec une proposition dans les 24 heures.",
};

export type OfferSection = { id: string; short: string; title: string; text: string };

/** The sections with their texts: the published ones, today's where one is missing. */
export function offerSections(texts: Record<string, string>): OfferSection[] {
  const text = (key: string) => texts[key] || OFFER_TEXTS[key] || "";
  return OFFER_SECTIONS.map(({ id, key }) => ({
    id,
    short: text(`${key}Short`),
    title: text(`${key}Title`),
    text: text(`${key}Text`),
  }));
}
