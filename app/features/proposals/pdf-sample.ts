// A sample proposal the PDF worker draws once when it starts ahead of a real one (warmPdfWorker): the
// same pages, slots, texts and pictures as a full proposal, with nothing about anyone.
import { formatPrice } from "~/lib/format";
import type { PdfInput, PdfSection } from "./pdf-document.server";

/** A 16 × 16 px JPEG, brass. */
const PICTURE =
  "data:image/jpeg;base64,/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAhF//2Q==";

const PRODUCTS = 12;
const NBSP = "\u00a0";

function section(index: number): PdfSection {
  return {
    rows: 10,
    cols: 10,
    rect: { left: 40 + index * 180, top: 60, width: 160, height: 600 },
    slots: Array.from({ length: 100 }, (_, slot) => ({ product: (slot + index) % PRODUCTS })),
    list: Array.from({ length: PRODUCTS }, (_, product) => ({
      product,
      count: `8${NBSP}empl.`,
      price: formatPrice(2.5),
    })),
  };
}

export const SAMPLE_PDF_INPUT: PdfInput = {
  site: { name: "Exemple", phone: `418${NBSP}555-0100`, email: "exemple@exemple.ca", web: "exemple.ca" },
  title: "Votre machine Exemple",
  eyebrow: "Proposition",
  intro: `Préparée pour Exemple, le 1er${NBSP}janvier 2026. Valide jusqu'au 31${NBSP}janvier 2026.`,
  accepted: null,
  message: `Bonjour, voici la machine dont nous avons parlé${NBSP}!`,
  machineName: "Exemple",
  machinePicture: PICTURE,
  pictures: [PICTURE],
  products: Array.from({ length: PRODUCTS }, (_, i) => ({
    name: `Produit d'exemple numéro ${i + 1}`,
    picture: i % 2 === 0 ? 0 : null,
  })),
  sections: [0, 1, 2].map(section),
  specifications: [`Hauteur${NBSP}: 183${NBSP}cm`, `Largeur${NBSP}: 90${NBSP}cm`],
  advantages: ["Paiement sans contact"],
  promises: [{ title: "Installation gratuite", text: "Nous installons la machine sans frais." }],
  terms: ["Cette proposition est valide 30 jours."],
};
