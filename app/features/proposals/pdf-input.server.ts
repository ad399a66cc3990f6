// What the PDF worker draws (PdfInput), made on the server's thread from a proposal: its texts set in
// French (dates, prices, no-break spaces), and its pictures as small JPEGs (sharp, off the event
// loop), each product's picture once. The key of the stored PDF is a hash of this input: whatever
// changes what the PDF shows (the proposal, its acceptance, a product picture, the site's phone or
// promises as published) makes a new PDF, and nothing else does.
import { createHash } from "node:crypto";
import type { Storage } from "../../../server/storage/storage";
import { loadSharp } from "../../../server/media/sharp";
import { mediaRefFromUrl } from "../../../server/media/rules";
import { sectionRect } from "~/features/customiser/state";
import type { SiteConfig } from "~/rules/site";
import type { PdfInput } from "./pdf-document.server";
import type { ServicePromise } from "./promises";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import type { ClientProposal } from "./queries.server";
import { formatPrice } from "~/lib/format";
import { PROPOSAL_VALID_DAYS, sectionProducts } from "./rules";

/** Bumped when the document's drawing changes, so that PDFs stored before are made again. */
const DOCUMENT_VERSION = 3;

const NBSP = "\u00a0";

const PICTURES = new Map<string, Promise<Buffer | null>>();
const PICTURES_MAX = 600;

/** A stored picture as a JPEG `width` px wide on white, or null (placeholder, external address, a
 * file that is gone). Kept in memory: the same products appear in proposal after proposal. */
function pdfPicture(storage: Storage, url: string, width: number): Promise<Buffer | null> {
  const key = `${width}:${url}`;
  let picture = PICTURES.get(key);
  if (!picture) {
    picture = makePicture(storage, url, width).catch(() => null);
    if (PICTURES.size >= PICTURES_MAX) PICTURES.delete(PICTURES.keys().next().value!);
    PICTURES.set(key, picture);
  }
  return picture;
}

async function makePicture(storage: Storage, url: string, width: number): Promise<Buffer | null> {
  const ref = mediaRefFromUrl(url);
  if (!ref || /\.svg$/i.test(ref.name)) return null;
  const bytes = await storage.read(ref.bucket, ref.name, { maxBytes: 32 * 1024 * 1024 });
  if (!bytes) return null;
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: 50_000_000 })
    .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

const dataUri = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString("base64")}`;

/** What the PDF shows, without its pictures' bytes: hashed for the stored PDF's key, then filled in. */
export function pdfContent(p: ClientProposal, site: SiteConfig, promises: ServicePromise[]) {
  const names = [...new Set(p.items.map((i) => i.name))];
  const productIndex = new Map(names.map((name, i) => [name, i]));
  const imageOf = new Map(p.items.map((i) => [i.name, i.image]));
  const images = [...new Set(p.items.map((i) => i.image))];
  const sent = formatDate(p.created_at);
  const expires = formatDate(p.expiresAt);
  const bySlot = new Map(p.items.map((i) => [`${i.section}:${i.slot}`, i.name]));
  const input: Omit<PdfInput, "pictures" | "machinePicture"> = {
    site: {
      name: site.name,
      phone: typography(site.phone),
      email: site.email,
      web: site.publicUrl.replace(/^https?:\/\//, ""),
    },
    title: `Votre machine ${p.machine_name}`,
    eyebrow: `Proposition${p.version > 1 ? ` · version ${p.version}` : ""}`,
    intro: `Préparée pour ${p.client_name}, le ${sent}. Valide jusqu'au ${expires}.`,
    accepted:
      p.status === "acceptee"
        ? `Proposition acceptée${p.accepted_at ? ` le ${formatDate(p.accepted_at)}` : ""}.`
        : null,
    message: typography(p.message.trim()),
    machineName: p.machine_name,
    products: names.map((name) => ({ name, picture: images.indexOf(imageOf.get(name)!) })),
    sections: p.sections.map((section, index) => ({
      rows: section.rows,
      cols: section.cols,
      rect: sectionRect(section),
      slots: Array.from({ length: section.rows * section.cols }, (_, slot) => {
        const name = bySlot.get(`${index}:${slot}`);
        return name === undefined ? null : { product: productIndex.get(name)! };
      }),
      list: sectionProducts(p.items, index).map((item) => ({
        product: productIndex.get(item.name)!,
        count: `${item.count}${NBSP}empl.`,
        price: formatPrice(item.price),
      })),
    })),
    specifications: p.machine_specifications.map((text) => typography(text)),
    advantages: p.machine_advantages.map((text) => typography(text)),
    promises: promises.map(({ title, text }) => ({ title: typography(title), text: typography(text) })),
    terms: [
      `Cette proposition est valide ${PROPOSAL_VALID_DAYS}${NBSP}jours, jusqu'au ${expires}.`,
      `Les prix sont ceux des produits au ${sent}, donnés à titre indicatif${NBSP}; ils suivent ceux de nos fournisseurs.`,
      `La machine, son installation et son entretien ne vous coûtent rien${NBSP}: nous nous rémunérons sur les ventes.`,
      "La sélection de produits est ajustée après l'installation selon ce qui se vend.",
    ],
  };
  const key = createHash("sha256")
    .update(JSON.stringify([DOCUMENT_VERSION, input, p.machine_image, images]))
    .digest("hex")
    .slice(0, 32);
  return { input, key, machineImage: p.machine_image, images };
}

/** The input with its pictures: the machine 700 px wide, each product's picture 128 px, each once. */
export async function withPictures(content: ReturnType<typeof pdfContent>, storage: Storage): Promise<PdfInput> {
  const [machine, ...thumbs] = await Promise.all([
    pdfPicture(storage, content.machineImage, 700),
    ...content.images.map((url) => pdfPicture(storage, url, 128)),
  ]);
  // A picture that cannot be read leaves its products with a plain tile.
  const pictures: string[] = [];
  const position = thumbs.map((jpeg) => (jpeg ? pictures.push(dataUri(jpeg)) - 1 : null));
  return {
    ...content.input,
    machinePicture: machine ? dataUri(machine) : null,
    pictures,
    products: content.input.products.map((product) => ({
      name: product.name,
      picture: product.picture === null || product.picture < 0 ? null : (position[product.picture] ?? null),
    })),
  };
}
