// Pure rules of the admin inbox (/edit-demandes) and a request's page: how a request's forwarding is
// described, and the shapes their loaders hand to the views (staff-queries.server.ts).
import type { ContactRequest } from "./model";
import type { EmailState } from "./email-states";
import type { InboxFolder } from "./folders";
import type { LeadStage } from "./stages";

type DeliveryStatus = "pending" | "delivered" | "failed" | "held";
export type Tone = "success" | "waiting" | "danger" | "neutral";

export type DeliveryFacts = {
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
};

/** One request as the inbox shows it: the fields the visitor sent (choices as their labels), with
 * dates already formatted for reading. */
export type InboxItem = Omit<ContactRequest, "timestamp"> & {
  /** The request's details (model.ts) with the inbox's short labels; null: not given. */
  details: { label: string; value: string | null }[];
  receivedAt: string;
  receivedIso: string;
  stage: LeadStage;
  /** The check that put it in 'Indésirables', and why (null when it is not held as spam). */
  spam: { check: string; reason: string } | null;
  delivery: DeliveryFacts;
};

/** What the inbox page shows: one page of requests of a folder and search, and each folder's count. */
export type InboxPageData = {
  /** `assignee`: the name of the staff member following it up, or null. */
  items: (InboxItem & { assignee: string | null })[];
  counts: Record<InboxFolder, number>;
  folder: InboxFolder;
  search: string;
  page: number;
  hasMore: boolean;
  webhookConfigured: boolean;
  emailConfigured: boolean;
  /** Emails of any request that will not go out without the staff. */
  failedEmails: number;
};

export type EmailItem = {
  id: string;
  purpose: string;
  to: string[];
  subject: string;
  text: string;
  state: EmailState;
  attempts: number;
  lastError: string | null;
  queuedAt: string;
  queuedIso: string;
  sentAt: string | null;
  /** The staff member who wrote it (a reply, a proposal sent), or empty. */
  by: string;
};

/** What a request's own page shows. */
export type RequestPageData = {
  request: InboxItem;
  /** The catalogue's machine the request names (its customiser prepares the proposal), or null. */
  machineId: string | null;
  /** `by`: who made the change, or empty when the site did (a proposal accepted). */
  stageChanges: { id: string; from: string; to: string; at: string; atIso: string; by: string }[];
  /** Who follows it up (an account id, or null), and the accounts it may be given to. */
  assignment: { current: string | null; choices: { id: string; name: string }[] };
  notes: { id: string; body: string; at: string; atIso: string; editedAt: string | null; by: string }[];
  emails: EmailItem[];
  webhookConfigured: boolean;
  emailConfigured: boolean;
};

/** The badge and the one-line explanation a non-technical admin reads. */
export function describeDelivery(
  facts: DeliveryFacts,
  webhookConfigured: boolean,
): { label: string; tone: Tone; detail: string } {
  if (facts.status === "delivered") {
    return {
      label: "Transmise",
      tone: "success",
      detail: facts.deliveredAt
        ? `Transmise à votre outil de suivi le ${facts.deliveredAt}.`
        : "Transmise à votre outil de suivi.",
    };
  }
  if (facts.status === "held") {
    return {
      label: "Retenue",
      tone: "neutral",
      detail: "Classée indésirable : elle n'est ni transmise ni envoyée par courriel tant qu'elle n'est pas libérée.",
    };
  }
  if (facts.status === "failed") {
    return {
      label: "Échec de l'envoi",
      tone: "danger",
      detail: `L'envoi à votre outil de suivi a échoué après ${plural(facts.attempts, "tentative")}. La demande est conservée ici : vous pouvez la renvoyer.`,
    };
  }
  if (!webhookConfigured) {
    return {
      label: "Conservée ici",
      tone: "neutral",
      detail: "Aucun outil de suivi n'est relié au site : la demande est conservée dans cette boîte seulement.",
    };
  }
  if (facts.attempts === 0) {
    return {
      label: "En cours d'envoi",
      tone: "waiting",
      detail: "La demande part vers votre outil de suivi dans un instant.",
    };
  }
  return {
    label: "Nouvel essai prévu",
    tone: "waiting",
    detail: `${plural(facts.attempts, "tentative")} sans succès${facts.nextAttemptAt ? ` ; prochain essai le ${facts.nextAttemptAt}` : ""}.`,
  };
}

/** '1 tentative', '3 tentatives'. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count > 1 ? "s" : ""}`;
}
