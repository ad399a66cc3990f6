// What the staff edit in /edit-pages: the site's settings and the texts and pictures of six pages. Each
// is one document of named fields; today's texts are the defaults, so a fresh install shows exactly the
// pages it always did. Both the server (storage, first start) and the editor's form read these lists.
import { OFFER_TEXTS } from "../../rules/offer-texts";
import type { PrivacyOfficer, SettingsDefaults, SiteConfig } from "../../rules/site";
import { BUCKET_RULES } from "../../rules/uploads";

export { PAGE_SEO } from "../../rules/page-seo";

/** 'image': the address of a picture uploaded in the editor, empty for the page's own. 'number': a
 * whole number within the field's `range`. */
type FieldKind = "text" | "long" | "phone" | "email" | "url" | "image" | "number";

export type FieldSpec = {
  key: string;
  label: string;
  kind: FieldKind;
  /** Longest text accepted, in characters. */
  max: number;
  /** An empty value is refused. */
  required: boolean;
  /** The form groups fields under these headings. */
  group: string;
  /** The picture field this text describes: required once that picture is set. */
  altOf?: string;
  /** Shown under the field: what an empty value shows, or what the text is for. */
  hint?: string;
  /** A number field's smallest and largest values. */
  range?: { min: number; max: number };
};

const field = (
  group: string,
  key: string,
  label: string,
  kind: FieldKind = "text",
  {
    max = kind === "long" ? 400 : kind === "image" ? 2048 : 120,
    required = kind !== "image",
    hint,
  }: { max?: number; required?: boolean; hint?: string } = {},
): FieldSpec => ({ key, label, kind, max, required, group, ...(hint ? { hint } : {}) });

/** Alt texts: search engines and screen readers read about as much as a description. */
const ALT_MAX = 160;

/** A picture field and the text that describes it (`<key>Alt`), required once a picture is set. */
const picture = (group: string, key: string, label: string, hint: string, altLabel: string): FieldSpec[] => [
  field(group, key, label, "image", { hint }),
  {
    ...field(group, `${key}Alt`, altLabel, "text", { max: ALT_MAX, required: false }),
    altOf: key,
    hint: "Ce que montre l'image, pour les personnes qui ne la voient pas.",
  },
];

export const SITE_PAGES = ["settings", "home", "offer", "about", "contact", "confirmation"] as const;
export type SitePage = (typeof SITE_PAGES)[number];

/** What each editable document is called in the editor, and the public page it shows on. */
export const PAGE_INFO: Record<SitePage, { label: string; path: string }> = {
  settings: { label: "Réglages du site", path: "/contact" },
  home: { label: "Accueil", path: "/" },
  offer: { label: "Notre offre", path: "/notre-offre" },
  about: { label: "À propos", path: "/about" },
  contact: { label: "Contact", path: "/contact" },
  confirmation: { label: "Confirmation", path: "/confirmation" },
};

/** Search and sharing, over each page's own title, description and share picture: empty keeps those.
 * Search engines show about 60 characters of a title and 155 of a description. */
export const SEO_GROUP = "Recherche et partage";
const seoFields = (): FieldSpec[] => [
  field(SEO_GROUP, "seoTitle", "Titre dans les résultats de recherche", "text", { max: 70, required: false }),
  field(SEO_GROUP, "seoDescription", "Description dans les résultats de recherche", "long", {
    max: 160,
    required: false,
  }),
  field(SEO_GROUP, "seoImage", "Image de partage", "image", {
    hint: "Montrée quand la page est partagée (1200 × 630 px de préférence). Sans image, celle de la marque.",
  }),
  {
    ...field(SEO_GROUP, "seoImageAlt", "Description de l'image de partage", "text", { max: ALT_MAX, required: false }),
    altOf: "seoImage",
  },
];

/** Each offer section's short name, title and introduction. */
const offerSection = (group: string, key: string): FieldSpec[] => [
  field(group, `${key}Short`, "Nom court (surtitre et barre de progression)", "text", { max: 30 }),
  field(group, `${key}Title`, "Titre", "text", { max: 80 }),
  field(group, `${key}Text`, "Introduction", "long"),
];

export const PAGE_FIELDS: Record<SitePage, readonly FieldSpec[]> = {
  settings: [
    field("Entreprise", "name", "Nom de l'entreprise", "text", { max: 80 }),
    field("Entreprise", "phone", "Téléphone", "phone", { max: 30 }),
    field("Entreprise", "email", "Courriel", "email", { max: 120 }),
    field("Entreprise", "address", "Adresse", "text", { max: 200, required: false }),
    field("Entreprise", "serviceArea", "Territoire desservi", "text", { max: 80 }),
    field("Entreprise", "hours", "Heures d'ouverture", "text", { max: 120, required: false }),
    field("Réseaux sociaux", "instagramUrl", "Instagram", "url", { max: 300 }),
    field("Réseaux sociaux", "instagramDmUrl", "Lien de message Instagram", "url", { max: 300 }),
    field("Réseaux sociaux", "facebookUrl", "Facebook", "url", { max: 300, required: false }),
    field("Réseaux sociaux", "linkedinUrl", "LinkedIn", "url", { max: 300, required: false }),
    {
      ...field("Service aux machines", "serviceClosingHour", "Fin de la journée de service (heure)", "number", {
        max: 2,
        hint: "Un signalement reçu avant cette heure a sa réponse promise le jour même ; après, le lendemain.",
      }),
      range: { min: 8, max: 24 },
    },
    {
      ...field("Service aux machines", "serviceResponseHours", "Ou délai de réponse promis, en heures", "number", {
        max: 3,
        required: false,
        hint: "Vide : le jour même, comme ci-dessus. Sinon, un délai en heures, jour et nuit.",
      }),
      range: { min: 1, max: 168 },
    },
    {
      ...field("Service aux machines", "refundMax", "Remboursement maximal demandé à la machine ($)", "number", {
        max: 3,
        hint: "Au-delà, la personne est invitée à appeler.",
      }),
      range: { min: 1, max: 200 },
    },
    field("Renseignements personnels", "privacyOfficerName", "Nom du responsable", "text", { max: 120 }),
    field("Renseignements personnels", "privacyOfficerTitle", "Titre du responsable", "text", { max: 160 }),
    field("Renseignements personnels", "privacyOfficerEmail", "Courriel du responsable", "email", { max: 120 }),
    field("Renseignements personnels", "privacyOfficerPhone", "Téléphone du responsable", "phone", { max: 30 }),
  ],
  home: [
    field("En-tête", "heroEyebrow", "Surtitre"),
    field("En-tête", "heroTitle", "Titre"),
    field("En-tête", "heroTitleAccent", "Titre, partie en couleur"),
    field("En-tête", "heroText", "Texte", "long"),
    field("En-tête", "heroPrimaryButton", "Bouton principal", "text", { max: 60 }),
    field("En-tête", "heroSecondaryButton", "Bouton secondaire", "text", { max: 60 }),
    ...picture(
      "En-tête",
      "heroImage",
      "Image",
      "Montrée dans l'en-tête, sous les boutons sur un téléphone. Sans image, l'illustration de la distributrice (sur grand écran, quand aucune vidéo ne joue).",
      "Description de l'image",
    ),
    field("Compteurs", "clientsCounterLabel", "Libellé du premier compteur", "text", { max: 60 }),
    field("Compteurs", "serviceCounterLabel", "Libellé du second compteur", "text", { max: 60 }),
    field("L'expérience", "promisesEyebrow", "Surtitre"),
    field("L'expérience", "promisesTitle", "Titre"),
    field("L'expérience", "promisesText", "Accroche", "long"),
    ...[1, 2, 3, 4].flatMap((n) => [
      field("L'expérience", `promise${n}Title`, `Promesse ${n} : titre`, "text", { max: 80 }),
      field("L'expérience", `promise${n}Text`, `Promesse ${n} : texte`, "long", { max: 300 }),
    ]),
    field("Appel à l'action", "ctaEyebrow", "Surtitre", "text", { max: 60 }),
    field("Appel à l'action", "ctaTitle", "Titre"),
    field("Appel à l'action", "ctaText", "Texte", "long"),
    field("Appel à l'action", "ctaButton", "Bouton", "text", { max: 60 }),

    ...seoFields(),
  ],
  offer: [
    field("En-tête", "heroEyebrow", "Surtitre", "text", { max: 60 }),
    field("En-tête", "heroTitle", "Titre"),
    field("En-tête", "heroTitleAccent", "Titre, partie en couleur"),
    field("En-tête", "heroText", "Texte", "long"),
    ...offerSection("1. La machine", "machine"),
    ...offerSection("2. Les produits", "products"),
    ...offerSection("3. Le service", "service"),
    field("Demande", "requestEyebrow", "Surtitre", "text", { max: 60 }),
    field("Demande", "requestTitle", "Titre", "text", { max: 80 }),
    field("Demande", "requestText", "Texte", "long"),

    ...seoFields(),
  ],
  about: [
    field("En-tête", "heroEyebrow", "Surtitre"),
    field("En-tête", "heroTitle", "Titre"),
    field("En-tête", "heroTitleAccent", "Titre, partie en couleur"),
    field("En-tête", "heroText", "Texte", "long"),
    field("Engagements", "benefitsEyebrow", "Surtitre"),
    field("Engagements", "benefitsTitle", "Titre"),
    ...[1, 2, 3, 4].flatMap((n) => [
      field("Engagements", `benefit${n}Title`, `Avantage ${n} : titre`, "text", { max: 80 }),
      field("Engagements", `benefit${n}Text`, `Avantage ${n} : texte`, "long", { max: 300 }),
    ]),
    field("Processus", "processEyebrow", "Surtitre"),
    field("Processus", "processTitle", "Titre"),
    field("Processus", "processText", "Accroche", "long"),
    field("Processus", "processButton", "Bouton", "text", { max: 60 }),
    ...[1, 2, 3, 4].flatMap((n) => [
      field("Processus", `step${n}Title`, `Étape ${n} : titre`, "text", { max: 80 }),
      field("Processus", `step${n}Text`, `Étape ${n} : texte`, "long", { max: 300 }),
    ]),

    ...seoFields(),
  ],
  contact: [
    field("Introduction", "eyebrow", "Surtitre", "text", { max: 60 }),
    field("Introduction", "title", "Titre"),
    field("Introduction", "text", "Texte", "long"),
    field("Engagements", "responseTitle", "Délai de réponse : titre", "text", { max: 80 }),
    field("Engagements", "responseText", "Délai de réponse : texte", "text", { max: 160 }),
    field("Engagements", "phoneText", "Téléphone : texte", "text", { max: 160 }),
    field("Engagements", "supportTitle", "Soutien : titre", "text", { max: 80 }),
    field("Engagements", "supportText", "Soutien : texte", "text", { max: 160 }),
    field("Engagements", "areaText", "Territoire : texte", "text", { max: 160 }),

    ...seoFields(),
  ],
  confirmation: [
    field("Message", "title", "Titre", "text", { max: 80 }),
    field("Message", "text", "Texte", "long"),
    field("Message", "question", "Question, avant le téléphone", "text", { max: 160 }),
    field("Boutons", "homeButton", "Bouton de retour", "text", { max: 60 }),
    field("Boutons", "instagramButton", "Bouton Instagram", "text", { max: 60 }),

    ...seoFields(),
  ],
};

export type SiteTexts = Record<string, string>;

export type { SettingsDefaults };

export function settingsFromDefaults(site: SettingsDefaults): SiteTexts {
  return {
    name: site.name,
    phone: site.phone,
    email: site.email,
    address: "",
    serviceArea: site.serviceArea,
    hours: "",
    instagramUrl: site.instagramUrl,
    instagramDmUrl: site.instagramDmUrl,
    facebookUrl: site.facebookUrl ?? "",
    linkedinUrl: site.linkedinUrl ?? "",
    serviceClosingHour: "17",
    serviceResponseHours: "",
    refundMax: "20",
    privacyOfficerName: site.privacyOfficer.name,
    privacyOfficerTitle: site.privacyOfficer.title,
    privacyOfficerEmail: site.privacyOfficer.email,
    privacyOfficerPhone: site.privacyOfficer.phone,
  };
}

const NO_SEO = { seoTitle: "", seoDescription: "", seoImage: "", seoImageAlt: "" };

/** Today's page texts. */
export const DEFAULT_TEXTS: Record<Exclude<SitePage, "settings">, SiteTexts> = {
  home: {
    // The whole line the page shows: the territory is part of the text, as the owner edits it.
    heroEyebrow: "Distributrices haut de gamme · Québec et Lévis",
    heroTitle: "Plus qu'une machine,",
    heroTitleAccent: "votre image.",
    heroText:
      "Nous installons des distributrices haut de gamme dans les entreprises de Québec et Lévis. Une vitrine soignée pour vos équipes et vos visiteurs, installée et entretenue par nous, sans frais pour vous.",
    heroPrimaryButton: "Découvrir notre offre",
    heroSecondaryButton: "Demander une distributrice",
    clientsCounterLabel: "Clients satisfaits chaque jour",
    serviceCounterLabel: "À votre service",
    promisesEyebrow: "L'expérience",
    promisesTitle: "Une distributrice qui parle de vous avant même d'être utilisée.",
    promisesText:
      "Dans un hall, une salle d'employés ou un gym, la machine fait partie du décor. Nous la choisissons, la remplissons et l'entretenons pour qu'elle soit toujours à la hauteur de votre image.",
    promise1Title: "Installation gratuite",
    promise1Text:
      "La machine, l'installation et l'entretien ne vous coûtent rien : nous nous rémunérons sur les ventes.",
    promise2Title: "En place en moins de 24 h",
    promise2Text:
      "Une fois l'emplacement choisi, votre distributrice est livrée et prête à servir en moins de 24 heures.",
    promise3Title: "Des produits qui se démarquent",
    promise3Text: "Une sélection ajustée aux goûts de votre équipe, renouvelée selon ce qui se vend vraiment.",
    promise4Title: "Soutien local, 24/7",
    promise4Text: "Une équipe de Québec et Lévis qui remplit, entretient et répond, 7 jours sur 7.",
    ctaEyebrow: "Notre offre",
    ctaTitle: "Votre espace mérite mieux qu'une simple machine.",
    ctaText: "Machines, produits, installation, entretien : découvrez comment nous composons une offre à votre image.",
    ctaButton: "Voir ce qu'on peut créer ensemble",
    heroImage: "",
    heroImageAlt: "",
    ...NO_SEO,
  },
  offer: { ...OFFER_TEXTS, ...NO_SEO },
  about: {
    heroEyebrow: "À propos de nous",
    heroTitle: "Une entreprise d'ici,",
    heroTitleAccent: "au service de votre image.",
    heroText:
      "Nous installons des distributrices haut de gamme dans les entreprises de Québec et Lévis, et nous nous occupons de tout : l'installation, le remplissage, l'entretien. Vous n'avez qu'à en profiter.",
    benefitsEyebrow: "Nos engagements",
    benefitsTitle: "Simple pour vous, exigeant pour nous",
    benefit1Title: "Installation en moins de 24 h",
    benefit1Text:
      "Dès l'emplacement choisi, votre machine est livrée, branchée et prête à servir en moins de 24 heures.",
    benefit2Title: "Service 100\u00a0% gratuit",
    benefit2Text:
      "Machine, installation, remplissage et entretien ne vous coûtent rien : nous nous rémunérons uniquement sur les ventes.",
    benefit3Title: "Soutien local 7 jours sur 7",
    benefit3Text: "Une équipe de Québec et Lévis, joignable tous les jours, qui intervient rapidement sur place.",
    benefit4Title: "Réponse en moins de 24 heures",
    benefit4Text: "Chaque demande reçoit une réponse dans les 24 heures, et notre service reste disponible 24/7.",
    processEyebrow: "Notre processus",
    processTitle: "Quatre étapes, aucun souci",
    processText: "De la première visite au remplissage, une seule équipe locale vous accompagne.",
    processButton: "Demander une visite",
    step1Title: "Visite des lieux",
    step1Text:
      "Nous visitons votre espace pour choisir l'emplacement, évaluer l'achalandage et comprendre les habitudes de votre équipe.",
    step2Title: "Livraison et installation",
    step2Text:
      "Votre distributrice est livrée, installée et remplie en moins de 24 heures, sans aucuns frais pour vous.",
    step3Title: "Période d'ajustement des produits",
    step3Text:
      "Les premières semaines, nous suivons les ventes et ajustons la sélection pour garder ce qui plaît vraiment.",
    step4Title: "Remplissage et entretien continus",
    step4Text:
      "Nous remplissons, nettoyons et entretenons la machine en continu : vous n'avez jamais à vous en occuper.",
    ...NO_SEO,
  },
  contact: {
    eyebrow: "Contact",
    title: "Parlons de votre espace",
    text: "Bureau, école, clinique, commerce ou gym : dites-nous où vous imaginez votre distributrice. Nous vous proposons la machine et les produits qui vous ressemblent, installés gratuitement.",
    responseTitle: "Réponse en moins de 24 heures",
    responseText: "Nous vous recontactons dans les 24 heures suivant votre demande.",
    phoneText: "Appelez-nous directement.",
    supportTitle: "Soutien 24/7",
    supportText: "Un service qui ne dort jamais, pour vos machines.",
    areaText: "Une équipe locale, sur place rapidement.",
    ...NO_SEO,
  },
  confirmation: {
    title: "Demande reçue !",
    text: "Merci de votre intérêt. Un membre de notre équipe vous contactera dans les 24 heures pour discuter de votre projet.",
    question: "Une question d'ici là ? Appelez-nous au",
    homeButton: "Retour à l'accueil",
    instagramButton: "Suivez-nous sur Instagram",
    ...NO_SEO,
  },
};

// The public ones only: a page never shows a private bucket's picture.
const PICTURE_BUCKETS = new Set(
  Object.keys(BUCKET_RULES).filter((bucket) => {
    const rule = BUCKET_RULES[bucket as keyof typeof BUCKET_RULES];
    return rule.kind === "image" && !rule.private;
  }),
);
const PICTURE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,190}\.(?:webp|png|jpe?g|avif|gif)$/i;

/** The stored picture a picture field names: our '/media/<bucket>/<name>', or the storage's public
 * address ending in '<bucket>/<name>' (a bucket or CDN); null for anything else. The server also checks
 * that the address is the storage's own and the picture is there. */
export function pagePictureRef(value: string): { bucket: string; name: string } | null {
  if (/[\s?#\\]/.test(value)) return null;
  let path: string;
  if (value.startsWith("/")) {
    if (!value.startsWith("/media/") || value.split("/").length !== 4) return null;
    path = value;
  } else {
    try {
      const url = new URL(value);
      if (url.protocol !== "https:") return null;
      path = url.pathname;
    } catch {
      return null;
    }
  }
  const [bucket = "", name = ""] = path.split("/").slice(-2);
  return PICTURE_BUCKETS.has(bucket) && PICTURE_NAME.test(name) ? { bucket, name } : null;
}

/** A stored document read back: every known field, today's default for one it lacks (a field added
 * since it was stored), unknown ones dropped. */
export function completeTexts(stored: unknown, defaults: SiteTexts, fields: readonly FieldSpec[]): SiteTexts {
  const values = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    fields.map(({ key }) => [key, typeof values[key] === "string" ? values[key] : (defaults[key] ?? "")]),
  );
}

/** The labels of the fields whose values differ, in the form's order. */
export function changedFields(page: SitePage, before: SiteTexts, after: SiteTexts): string[] {
  return PAGE_FIELDS[page]
    .filter(({ key }) => (before[key] ?? "") !== (after[key] ?? ""))
    .map(({ group, label }) => `${group} · ${label}`);
}

/** Changed fields ('Entreprise · Téléphone', as a version keeps them) as the staff read them, each group
 * named once: 'Entreprise\u00a0: Téléphone, Courriel\u00a0; Réseaux sociaux\u00a0: Instagram'. */
export function changesText(changed: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const item of changed) {
    const at = item.indexOf(" · ");
    const group = at < 0 ? "" : item.slice(0, at);
    groups.set(group, [...(groups.get(group) ?? []), at < 0 ? item : item.slice(at + 3)]);
  }
  return [...groups]
    .map(([group, labels]) => (group ? `${group}\u00a0: ${labels.join(", ")}` : labels.join(", ")))
    .join("\u00a0; ");
}

/** The settings as the pages use them. */
export function siteConfigOf(settings: SiteTexts, publicUrl: string): SiteConfig {
  return {
    name: settings.name ?? "",
    phone: settings.phone ?? "",
    email: settings.email ?? "",
    instagramUrl: settings.instagramUrl ?? "",
    instagramDmUrl: settings.instagramDmUrl ?? "",
    facebookUrl: settings.facebookUrl || null,
    linkedinUrl: settings.linkedinUrl || null,
    serviceArea: settings.serviceArea ?? "",
    address: settings.address ?? "",
    hours: settings.hours ?? "",
    publicUrl,
  };
}

export function privacyOfficerOf(settings: SiteTexts): PrivacyOfficer {
  return {
    name: settings.privacyOfficerName ?? "",
    title: settings.privacyOfficerTitle ?? "",
    email: settings.privacyOfficerEmail ?? "",
    phone: settings.privacyOfficerPhone ?? "",
  };
}
