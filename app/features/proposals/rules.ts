// A proposal's rules, for the forms, the server and the pages: the layout the customiser sends, the
// messages and limits of its fields, how long a client's link stays valid and what state the staff
// see. Pure.
import { LIMITS, normalizeGrid, FALLBACK_GRID, slotCount, type GridConfig } from "~/features/customiser/state";
import { isUuid } from "~/rules/id";
import type { ProposalStatus } from "../../../server/db/schema";

/** A client's link is valid 60 days from the day the proposal was sent. */
export const PROPOSAL_VALID_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export function expiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PROPOSAL_VALID_DAYS * DAY_MS);
}

export function isExpired(createdAt: Date, now = new Date()): boolean {
  return now.getTime() >= expiresAt(createdAt).getTime();
}

export const PROPOSAL_MSG = {
  nameRequired: "Veuillez entrer le nom du client.",
  emailRequired: "Veuillez entrer le courriel du client.",
  invalidEmail: "Veuillez entrer une adresse courriel valide.",
  tooLong: (max: number) => `Ce champ ne peut dépasser ${max} caractères.`,
  noProduct: "Placez au moins un produit dans la machine avant d'envoyer la proposition.",
  badLayout: "La disposition reçue est illisible. Rechargez la page et réessayez.",
  unknownProduct: "Un des produits placés n'existe plus. Retirez-le et réessayez.",
  unknownRequest: "La demande liée n'existe plus.",
  changeRequired: "Veuillez décrire les modifications souhaitées.",
} as const;

export const PROPOSAL_LIMITS = { clientName: 200, clientEmail: 254, message: 5000, changeRequest: 2000 } as const;

/** What the client's page answers when its post cannot be read or is throttled. */
export const CLIENT_MSG = {
  unknownIntent: "Cette action est inconnue. Rechargez la page et réessayez.",
  unreadable: "Votre réponse n'a pas pu être lue. Rechargez la page et réessayez.",
  throttled: "Vous avez envoyé plusieurs réponses en peu de temps. Veuillez réessayer dans quelques minutes.",
  tooMany: "Vous nous avez déjà écrit plusieurs fois : appelez-nous pour la suite.",
  accepted: "Merci ! Votre acceptation est enregistrée.",
  changes: "Merci ! Nous avons reçu vos modifications.",
} as const;

/** A layout as sent: its sections and, per filled slot (0-based), the product id. */
export type ProposalLayout = { sections: GridConfig[]; slots: { section: number; slot: number; productId: string }[] };

const MAX_LAYOUT_CHARS = 100_000;

/** The customiser's layout, posted as JSON, checked: 1 to 3 sections of 1–10 × 1–10 slots over the
 * canvas, each slot within its grid, each product an id; at least one product placed. */
export function parseLayout(
  json: unknown,
  { allowEmpty = false }: { allowEmpty?: boolean } = {},
): { ok: true; layout: ProposalLayout } | { ok: false; error: string } {
  if (typeof json !== "string" || json.length > MAX_LAYOUT_CHARS) return { ok: false, error: PROPOSAL_MSG.badLayout };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: PROPOSAL_MSG.badLayout };
  }
  const v = value as { sections?: unknown; slots?: unknown } | null;
  if (!v || !Array.isArray(v.sections) || !Array.isArray(v.slots)) return { ok: false, error: PROPOSAL_MSG.badLayout };
  if (v.sections.length < LIMITS.minSections || v.sections.length > LIMITS.maxSections)
    return { ok: false, error: PROPOSAL_MSG.badLayout };
  const sections = v.sections.map((s) => normalizeGrid(s, FALLBACK_GRID));
  const seen = new Set<string>();
  const slots: ProposalLayout["slots"] = [];
  for (const item of v.slots as unknown[]) {
    const s = item as { section?: unknown; slot?: unknown; productId?: unknown } | null;
    const section = s?.section;
    const slot = s?.slot;
    if (
      typeof section !== "number" ||
      typeof slot !== "number" ||
      !Number.isInteger(section) ||
      !Number.isInteger(slot) ||
      typeof s?.productId !== "string" ||
      !isUuid(s.productId)
    )
      return { ok: false, error: PROPOSAL_MSG.badLayout };
    const grid = sections[section];
    if (!grid || slot < 0 || slot >= slotCount(grid)) return { ok: false, error: PROPOSAL_MSG.badLayout };
    const key = `${section}:${slot}`;
    if (seen.has(key)) return { ok: false, error: PROPOSAL_MSG.badLayout };
    seen.add(key);
    slots.push({ section, slot, productId: s.productId.toLowerCase() });
  }
  if (slots.length === 0 && !allowEmpty) return { ok: false, error: PROPOSAL_MSG.noProduct };
  return { ok: true, layout: { sections, slots } };
}

export type ProposalState = "Envoyée" | "Vue" | "Acceptée" | "Modifications demandées" | "Expirée";

/** What the staff list shows: an accepted proposal stays accepted; otherwise an expired link is
 * 'Expirée' whatever the client did before. */
export function proposalState(p: { status: ProposalStatus; created_at: Date }, now = new Date()): ProposalState {
  if (p.status === "acceptee") return "Acceptée";
  if (isExpired(p.created_at, now)) return "Expirée";
  if (p.status === "modifications-demandees") return "Modifications demandées";
  return p.status === "vue" ? "Vue" : "Envoyée";
}

/** A placed product as the proposal keeps it: its slot, and its name, price and picture of the day. */
export type ProposalItem = { section: number; slot: number; name: string; price: number; image: string };

/** A section's products, each once, with how many slots it fills, in the order of their first slot. */
export function sectionProducts(items: readonly ProposalItem[], section: number) {
  const byName = new Map<string, { name: string; image: string; price: number; count: number }>();
  for (const item of items) {
    if (item.section !== section) continue;
    const entry = byName.get(item.name);
    if (entry) entry.count++;
    else byName.set(item.name, { name: item.name, image: item.image, price: item.price, count: 1 });
  }
  return [...byName.values()];
}

/** What follows an acceptance, after « Nous » : a call when the request left a phone, else an email. */
export const acceptedNextStep = (byPhone: boolean) =>
  `vous ${byPhone ? "appelons" : "écrivons"} pour planifier l'installation`;

export const proposalPath = (token: string) => `/proposition/${token}`;
/** A proposal in the staff's list ('Propositions'), its row picked out. */
export const staffProposalPath = (id: string) => `/edit-propositions#proposition-${id}`;
export const proposalPdfPath = (token: string) => `/proposition/${token}.pdf`;

/** A client's token: 32 lowercase hex characters (128 bits). */
export const isProposalToken = (value: string | undefined): value is string =>
  typeof value === "string" && /^[0-9a-f]{32}$/.test(value);

/** The token of a PDF's last path segment ('{jeton}.pdf'), or null for anything else. */
export function pdfSegmentToken(segment: string | undefined): string | null {
  const token = segment?.endsWith(".pdf") ? segment.slice(0, -".pdf".length) : undefined;
  return isProposalToken(token) ? token : null;
}

/** Whether the staff's message opens with its own greeting ('Bonjour Hélène,', 'Chère Madame'): then
 * the email does not add one, and the client is greeted once. */
export function greetsAlready(message: string): boolean {
  return /^\s*(bonjour|bonsoir|salut|allô|allo|hello|cher|chère|madame|monsieur)(?![\p{L}])/iu.test(message);
}
