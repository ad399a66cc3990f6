// Which requests look like spam, by layered checks that need no third party and let a person without
// JavaScript through. A request caught is kept apart for the staff (who can release it), never
// dropped, so a check may err on the side of catching. Pure: the caller gives the facts (the time
// the form took, how many requests arrived this hour).

import { DEFAULT_CONTACT_MAX_PER_HOUR } from "~/rules/contact-max-per-hour";
import { hourlyShare } from "~/features/contact-requests/no-relay";

export { parseMaxPerHour } from "~/rules/contact-max-per-hour";

/** The checks, in the order they are tried; the first that catches a request names it. */
type SpamCheck = "honeypot" | "source-share" | "recipient-share" | "hourly-ceiling" | "too-fast" | "links" | "text";

export type SpamFinding = {
  check: SpamCheck;
  /** What the staff read in the 'Indésirables' folder. */
  reason: string;
};

export const SPAM_RULES = {
  /** A person needs more than this to fill the form (measured by the browser, from the first key or
   * click in the form to the press on 'Envoyer'). */
  minFillMs: 3_000,
  /** More links than this in the request's text. */
  maxLinks: 2,
  /** Requests per hour for the whole site (CONTACT_MAX_PER_HOUR), across all addresses. */
  defaultMaxPerHour: DEFAULT_CONTACT_MAX_PER_HOUR,
} as const;

/** Name of the hidden field where the browser puts how long the form took, in milliseconds. The
 * page itself can be a cached copy: the browser measures the time, the page holds no timestamp. A
 * request without the field (no JavaScript) is not judged by this check. */
export const FILL_TIME_FIELD = "duree_saisie";

export type SpamFacts = {
  request: {
    nom_complet: string;
    courriel: string;
    description_demande: string;
    numero_telephone?: string | null;
  };
  /** The honeypot field's value (people never see it; robots tend to fill it). */
  honeypot: string;
  /** How long the form took, from FILL_TIME_FIELD (readFillTime), or null when not sent. */
  fillMs: number | null;
  /** Requests stored for the whole site in the past hour (not held as spam), this one not counted. */
  lastHourCount: number;
  /** Of those, how many came from this request's source (its IPv4 address or IPv6 /64)… */
  sourceLastHour?: number;
  /** …and how many were for this request's mailbox (mailboxKey). */
  recipientLastHour?: number;
  /** The ceiling per hour, or null when off. */
  maxPerHour: number | null;
};

// http(s)://..., www...., and bare domains with a path ('exemple.ru/offre').
const LINK_RE = /\bhttps?:\/\/\S+|\bwww\.\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\S*/gi;
const MARKUP_LINK_RE = /<a\s[^>]*href|\[url[=\]]|\[link[=\]]/i;

/** Words seldom written by a business that wants vending machines, and often by spam. */
const SPAM_WORDS = [
  "backlink",
  "backlinks",
  "bitcoin",
  "casino",
  "cialis",
  "crypto",
  "escort",
  "forex",
  "porn",
  "seo services",
  "viagra",
  "guest post",
  "rank your website",
];
const SPAM_WORDS_RE = new RegExp(`\\b(${SPAM_WORDS.map((w) => w.replace(/ /g, "\\s+")).join("|")})\\b`, "i");

// Letters of scripts the site's visitors do not write in (the site is in French, for Québec).
const FOREIGN_SCRIPT_RE = /[\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hangul}\p{Script=Thai}]/gu;
const LETTER_RE = /\p{L}/gu;

export function countLinks(text: string): number {
  return text.match(LINK_RE)?.length ?? 0;
}

/** The browser's fill time in milliseconds, or null when absent or not a sensible number. */
export function readFillTime(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value.trim())) return null;
  return Number(value.trim());
}

const seconds = (ms: number) => (ms / 1000).toLocaleString("fr-CA", { maximumFractionDigits: 1 });

/** The first check that catches the request, or null when it looks like a person's. */
export function findSpam(facts: SpamFacts): SpamFinding | null {
  const { request } = facts;
  if (facts.honeypot.trim() !== "") {
    return { check: "honeypot", reason: "Le champ caché, invisible pour les personnes, a été rempli." };
  }
  // One source, or one target, gets a share of the ceiling: beyond it, its requests are held and do not
  // count, so it cannot use up what genuine prospects share (docs/decisions/2026-12-02-no-relay.md).
  if (facts.maxPerHour !== null) {
    const share = hourlyShare(facts.maxPerHour);
    if ((facts.sourceLastHour ?? 0) >= share) {
      return {
        check: "source-share",
        reason: `Plus de ${share} demandes en une heure depuis la même adresse de connexion.`,
      };
    }
    if ((facts.recipientLastHour ?? 0) >= share) {
      return {
        check: "recipient-share",
        reason: `Plus de ${share} demandes en une heure pour la même adresse courriel.`,
      };
    }
  }
  if (facts.maxPerHour !== null && facts.lastHourCount >= facts.maxPerHour) {
    return {
      check: "hourly-ceiling",
      reason: `Plus de ${facts.maxPerHour} demandes reçues en une heure pour tout le site.`,
    };
  }
  if (facts.fillMs !== null && facts.fillMs < SPAM_RULES.minFillMs) {
    return {
      check: "too-fast",
      reason: `Formulaire rempli en ${seconds(facts.fillMs)} s (une personne met au moins ${seconds(SPAM_RULES.minFillMs)} s).`,
    };
  }
  const text = request.description_demande;
  if (countLinks(request.nom_complet) > 0 || MARKUP_LINK_RE.test(request.nom_complet)) {
    return { check: "links", reason: "Le nom contient un lien." };
  }
  if (MARKUP_LINK_RE.test(text)) return { check: "links", reason: "La demande contient un lien en balises." };
  const links = countLinks(text);
  if (links > SPAM_RULES.maxLinks) {
    return { check: "links", reason: `La demande contient ${links} liens (${SPAM_RULES.maxLinks} au plus).` };
  }
  const word = SPAM_WORDS_RE.exec(`${request.nom_complet} ${text}`)?.[1];
  if (word)
    return { check: "text", reason: `Mot typique des indésirables\u00a0: «\u00a0${word.toLowerCase()}\u00a0».` };
  const letters = text.match(LETTER_RE)?.length ?? 0;
  const foreign = text.match(FOREIGN_SCRIPT_RE)?.length ?? 0;
  if (letters >= 10 && foreign / letters > 0.5) {
    return { check: "text", reason: "La demande est écrite surtout dans un alphabet étranger au site." };
  }
  return null;
}
