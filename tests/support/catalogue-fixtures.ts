// A small catalogue for tests and local previews of the catalogue pages: tags, products (some with
// pictures), machine categories (one without a picture), machines with pictures, a video and steps.
import sharp from "sharp";
import { insertCategory, insertMachine, insertStep } from "../../app/features/machines/store.server";
import { insertProduct, insertTag } from "../../app/features/catalogue/products.server";
import type { Db } from "../../server/db/client";
import type { Storage } from "../../server/storage/storage";

const FIXTURE_TAGS = ["Boisson", "Caféine", "Chaud", "Local", "Salé", "Sans gluten", "Sucré", "Végane"];

const PRODUCTS: { nom: string; prix: number; tags: string[]; top10?: boolean; color: string }[] = [
  { nom: "Café glacé à la vanille", prix: 3.5, tags: ["Boisson", "Caféine", "Local"], top10: true, color: "#8a5a3b" },
  { nom: "café noir torréfié", prix: 2.25, tags: ["Boisson", "Caféine", "Chaud"], color: "#3b2a20" },
  { nom: "Éclair au chocolat", prix: 4, tags: ["Sucré"], top10: true, color: "#5b3a29" },
  { nom: "Eau pétillante citron", prix: 2, tags: ["Boisson", "Végane"], top10: true, color: "#7fb7c9" },
  { nom: "Energie+ agrumes", prix: 3.75, tags: ["Boisson", "Caféine"], color: "#e0a526" },
  { nom: "Barre tendre érable", prix: 1.5, tags: ["Sucré", "Local", "Sans gluten"], color: "#c98b3b" },
  { nom: "Amandes grillées", prix: 2.5, tags: ["Salé", "Sans gluten", "Végane"], top10: true, color: "#b07a4f" },
  { nom: "Zeste d'orange confit", prix: 1.99, tags: [], color: "#e87a2a" },
  { nom: "Crème brûlée", prix: 5, tags: ["Sucré"], color: "#e6c27a" },
  { nom: "Thé vert matcha", prix: 2.5, tags: ["Boisson", "Chaud", "Caféine", "Végane"], color: "#6f9a4a" },
  { nom: "Chips kettle sel de mer", prix: 2.25, tags: ["Salé", "Sans gluten"], top10: true, color: "#d9b54a" },
  { nom: "Biscuits à l'avoine", prix: 1.75, tags: ["Sucré", "Local"], color: "#a77b4f" },
  { nom: "Jus de pomme pressé", prix: 2.75, tags: ["Boisson", "Local", "Végane"], color: "#c2d44a" },
  { nom: "Maïs soufflé caramel", prix: 2, tags: ["Sucré", "Sans gluten"], color: "#d98f2b" },
  { nom: "Noix de cajou", prix: 3.25, tags: ["Salé", "Végane"], color: "#c9a36b" },
  { nom: "Kombucha gingembre", prix: 4.25, tags: ["Boisson", "Local", "Végane"], top10: true, color: "#b5803b" },
  { nom: "Granola miel", prix: 2.95, tags: ["Sucré"], color: "#b8893b" },
  { nom: "Bretzels", prix: 1.8, tags: ["Salé"], color: "#8f5a2b" },
  { nom: "Chocolat noir 70 %", prix: 3, tags: ["Sucré", "Végane", "Sans gluten"], top10: true, color: "#3a2418" },
  { nom: "Limonade rose", prix: 2.5, tags: ["Boisson"], color: "#e88aa0" },
  { nom: "Wrap poulet César", prix: 7.5, tags: ["Salé"], color: "#9aa86b" },
  { nom: "Salade de quinoa", prix: 8.25, tags: ["Végane", "Sans gluten"], top10: true, color: "#7a9a4a" },
  { nom: "Yogourt grec petits fruits", prix: 3.5, tags: ["Local"], color: "#8a4a8a" },
  { nom: "Gomme sans sucre", prix: 1.25, tags: [], color: "#4aa3b5" },
  { nom: "Barre protéinée arachide", prix: 3.95, tags: ["Sans gluten"], top10: true, color: "#a0522d" },
  { nom: "Muffin bleuets", prix: 2.95, tags: ["Sucré", "Local"], color: "#4a5a9a" },
  { nom: "Eau de source", prix: 1.5, tags: ["Boisson", "Végane", "Local"], top10: true, color: "#9ccbe0" },
  { nom: "Ôde aux framboises", prix: 3.1, tags: ["Sucré"], color: "#c2354a" },
  { nom: "Latte avoine", prix: 4.5, tags: ["Boisson", "Caféine", "Végane", "Chaud", "Local"], color: "#c8a27a" },
  { nom: "100 % jus d'orange", prix: 2.75, tags: ["Boisson"], color: "#f0a020" },
];

function packshot(label: string, color: string, nutrition = false): string {
  const lines =
    label.length > 14
      ? [
          label.slice(0, label.lastIndexOf(" ", 14) > 0 ? label.lastIndexOf(" ", 14) : 14),
          label.slice(label.lastIndexOf(" ", 14) > 0 ? label.lastIndexOf(" ", 14) + 1 : 14),
        ]
      : [label];
  if (nutrition) {
    const rows = ["Calories 210", "Lipides 9 g", "Glucides 28 g", "Protéines 4 g", "Sodium 120 mg"];
    return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#ffffff"/><rect x="200" y="120" width="400" height="560" fill="#fff" stroke="#0f1115" stroke-width="6"/><text x="230" y="190" font-family="sans-serif" font-size="40" font-weight="700">Valeur nutritive</text>${rows.map((r, i) => `<line x1="230" x2="570" y1="${240 + i * 80}" y2="${240 + i * 80}" stroke="#0f1115" stroke-width="3"/><text x="230" y="${290 + i * 80}" font-family="sans-serif" font-size="32">${r}</text>`).join("")}</svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${color}"/><stop offset=".55" stop-color="${color}" stop-opacity=".82"/><stop offset="1" stop-color="${color}"/></linearGradient><radialGradient id="s" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><rect width="800" height="800" fill="#ffffff"/><ellipse cx="400" cy="700" rx="220" ry="30" fill="url(#s)"/><rect x="250" y="110" width="300" height="580" rx="46" fill="url(#g)"/><rect x="250" y="300" width="300" height="200" fill="#fff" fill-opacity=".92"/>${lines.map((l, i) => `<text x="400" y="${390 + i * 44 - (lines.length - 1) * 22}" text-anchor="middle" font-family="serif" font-size="36" font-weight="700" fill="#0f1115">${l.replace(/&/g, "&amp;").replace(/'/g, "&apos;")}</text>`).join("")}<rect x="270" y="130" width="26" height="540" rx="13" fill="#fff" fill-opacity=".25"/></svg>`;
}

function machinePicture(color: string, variant: number): string {
  const glass = variant % 2 === 0 ? "#1b1e24" : "#2a2e36";
  const rows = Array.from({ length: 5 }, (_, r) =>
    Array.from(
      { length: 4 },
      (_, c) =>
        `<rect x="${250 + c * 70}" y="${260 + r * 110}" width="52" height="80" rx="10" fill="hsl(${(r * 70 + c * 25 + variant * 40) % 360} 55% 55%)"/>`,
    ).join(""),
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f5ef"/><stop offset="1" stop-color="#ece5d8"/></linearGradient></defs><rect width="800" height="1000" fill="url(#bg)"/><rect x="180" y="120" width="440" height="820" rx="28" fill="${color}"/><rect x="220" y="200" width="310" height="600" rx="14" fill="${glass}"/>${rows}<rect x="545" y="300" width="50" height="120" rx="10" fill="#0f1115"/><rect x="220" y="830" width="310" height="70" rx="10" fill="#0f1115"/><rect x="180" y="120" width="440" height="60" rx="28" fill="#b8893b"/></svg>`;
}

async function storeSvg(
  storage: Storage,
  bucket: Parameters<Storage["putNew"]>[0],
  prefix: string,
  svg: string,
): Promise<string> {
  const body = await sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
  const name = await storage.putNew(bucket, prefix, "webp", body, "image/webp");
  return storage.publicUrl(bucket, name);
}

export type CatalogueFixtures = {
  productIds: string[];
  categories: { withMachines: string; empty: string; noImage: string };
  machines: { full: string; bare: string; onOrder: string };
  steps: string[];
};

/** Fills the catalogue. Pictures are rendered and stored when `storage` is given. */
export async function insertCatalogueFixtures(
  db: Db,
  storage?: Storage,
  { video }: { video?: Buffer } = {},
): Promise<CatalogueFixtures> {
  for (const tag of FIXTURE_TAGS) await insertTag(db, tag);
  const productIds: string[] = [];
  for (const [i, p] of PRODUCTS.entries()) {
    const image =
      storage && i % 7 !== 6
        ? await storeSvg(storage, "product-images", `produit${i}`, packshot(p.nom, p.color))
        : undefined;
    const nutrition =
      storage && i % 3 === 0
        ? await storeSvg(storage, "product-images", `nutrition${i}`, packshot(p.nom, p.color, true))
        : undefined;
    const row = await insertProduct(db, {
      nom: p.nom,
      prix: p.prix,
      tags: p.tags,
      categorie: p.tags.includes("Boisson") ? ["Boissons"] : ["Collations"],
      description: `${p.nom} : un choix apprécié de nos clients, offert frais dans nos distributrices.`,
      ingredients: i % 2 === 0 ? "Eau, sucre de canne, arômes naturels, sel de mer." : null,
      dans_notre_top_10_des_plus_gros_vendeur: p.top10 ?? false,
      ...(image ? { image } : {}),
      ...(nutrition ? { nutrition_image: nutrition } : {}),
    });
    productIds.push(row.id);
  }

  const categoryImage = storage
    ? await storeSvg(storage, "machine-category-images", "categorie", machinePicture("#0f1115", 1))
    : null;
  const withMachines = await insertCategory(db, {
    nom: "Collations et boissons",
    description: "Nos distributrices combinées : collations, boissons froides et paiement sans contact.",
    image: categoryImage,
  });
  const noImage = await insertCategory(db, {
    nom: "Café et boissons chaudes",
    description: "Espresso, lattes et thés préparés à la minute.",
    image: null,
  });
  const empty = await insertCategory(db, {
    nom: "Repas frais",
    description: "Bientôt : des repas frais préparés localement.",
    image: null,
  });

  let videoUrl: string | null = null;
  if (storage && video) {
    const name = await storage.putNew("machine-step-videos", "etape", "webm", video, "video/webm");
    videoUrl = storage.publicUrl("machine-step-videos", name);
  }
  const steps: string[] = [];
  for (const [i, titre] of ["Choisissez votre produit", "Payez sans contact", "Savourez"].entries()) {
    const step = await insertStep(db, {
      numero: i + 1,
      titre,
      description: [
        "Parcourez la sélection à l'écran tactile.",
        "Carte, téléphone ou montre : le paiement est instantané.",
        "Le produit est livré en douceur, sans secousse.",
      ][i]!,
      video: i === 0 ? (videoUrl ?? "/media/machine-step-videos/etape-absente.webm") : null,
    });
    steps.push(step!.id);
  }

  const images = storage
    ? [
        await storeSvg(storage, "machine-images", "machine", machinePicture("#0f1115", 0)),
        await storeSvg(storage, "machine-images", "machine", machinePicture("#2a2e36", 1)),
        await storeSvg(storage, "machine-images", "machine", machinePicture("#85601f", 2)),
      ]
    : ["/media/machine-images/a.webp", "/media/machine-images/b.webp", "/media/machine-images/c.webp"];

  const full = await insertMachine(db, {
    nom: "Boréal Signature",
    description:
      "Notre distributrice phare : vitrine vitrée éclairée, écran tactile et paiement sans contact. Elle s'intègre aux halls d'entrée comme aux salles de repos.",
    dimensions: "183 × 92 × 89 cm",
    disponible_en_entrepot: true,
    avantages: [
      "Installation gratuite en moins de 24 h",
      "Remplissage et entretien inclus",
      "Paiement sans contact",
      "",
    ],
    specifications: ["Hauteur: 183 cm", "Largeur: 92 cm", "Alimentation: 120 V", "Heures: 7:00 à 22:00", "Garantie"],
    images: ["/placeholder.svg", ...images, "  "],
    video: videoUrl,
    main_image_index: 2,
    categorie_id: withMachines.id,
    step_ids: [steps[0]!, steps[1]!, steps[2]!],
  });
  const onOrder = await insertMachine(db, {
    nom: "Boréal Compacte",
    description:
      "Une version compacte pour les petits espaces, avec la même sélection premium et le même service local.",
    disponible_en_entrepot: false,
    temps_commande: "2-3 semaines",
    avantages: ["Format compact"],
    specifications: ["Hauteur: 150 cm"],
    images: [images[1]!],
    categorie_id: withMachines.id,
  });
  const bare = await insertMachine(db, {
    nom: "Boréal Café",
    description: "Espresso et boissons chaudes.",
    disponible_en_entrepot: false,
    images: ["/placeholder.svg"],
    categorie_id: noImage.id,
  });

  return {
    productIds,
    categories: { withMachines: withMachines.id, empty: empty.id, noImage: noImage.id },
    machines: { full: full!.id, bare: bare!.id, onOrder: onOrder!.id },
    steps,
  };
}
