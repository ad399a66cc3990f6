// Server side of /edit-demandes (the contact requests inbox): one page of requests for a filter, the
// count per filter, and the mutations (mark handled / to handle, send a failed request again). The
// caller (the route module) has already called requireAdmin.
import { data } from "react-router";
import { z } from "zod";
import {
  formatDateTime,
  type InboxActionData,
  type InboxItem,
  type InboxPageData,
} from "../../app/features/admin-contact-requests/inbox";
import { DATE_INSTALLATION, EMPLACEMENT, optionLabel, TYPE_EMPLACEMENT } from "../../app/features/contact/schema";
import { kickContactDelivery } from "../contact/delivery";
import type { Services } from "../context";
import {
  countContactRequestsByFilter,
  INBOX_FILTERS,
  listContactRequests,
  requeueContactRequest,
  setContactHandled,
  type InboxFilter,
} from "../data/contact-requests";

const PAGE_SIZE = 20;

/** The page asked for by `?filtre=` and `?page=` (unknown values fall back to every request, page 1). */
export async function contactRequestsPageData({ db, config }: Services, url: URL): Promise<InboxPageData> {
  const filter = (INBOX_FILTERS as readonly string[]).includes(url.searchParams.get("filtre") ?? "")
    ? (url.searchParams.get("filtre") as InboxFilter)
    : "toutes";
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const [rows, counts] = await Promise.all([
    listContactRequests(db, { filter, limit: PAGE_SIZE + 1, offset: (page - 1) * PAGE_SIZE }),
    countContactRequestsByFilter(db),
  ]);
  const items: InboxItem[] = rows.slice(0, PAGE_SIZE).map((row) => ({
    id: row.id,
    nom_complet: row.nom_complet,
    courriel: row.courriel,
    description_demande: row.description_demande,
    type_emplacement: optionLabel(TYPE_EMPLACEMENT, row.type_emplacement) ?? row.type_emplacement,
    emplacement: optionLabel(EMPLACEMENT, row.emplacement) ?? row.emplacement,
    date_installation: optionLabel(DATE_INSTALLATION, row.date_installation) ?? row.date_installation,
    prefere_telephone: row.prefere_telephone,
    numero_telephone: row.numero_telephone,
    receivedAt: formatDateTime(row.timestamp),
    receivedIso: row.timestamp,
    handledAt: row.handled_at ? formatDateTime(row.handled_at) : null,
    delivery: {
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      deliveredAt: row.delivered_at ? formatDateTime(row.delivered_at) : null,
      nextAttemptAt: row.status === "pending" && row.attempts > 0 ? formatDateTime(row.next_attempt_at) : null,
    },
  }));
  return {
    items,
    counts,
    filter,
    page,
    hasMore: rows.length > PAGE_SIZE,
    webhookConfigured: Boolean(config.contactWebhookUrl),
  };
}

const ActionSchema = z.object({
  intent: z.enum(["traiter", "a-traiter", "renvoyer"]),
  id: z.uuid(),
});

export async function contactRequestsAction({ db }: Services, form: FormData) {
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<InboxActionData>(
      { ok: false, message: "Action inconnue. Veuillez rafraîchir la page." },
      { status: 400 },
    );
  }
  const { intent, id } = parsed.data;
  if (intent === "renvoyer") {
    const row = await requeueContactRequest(db, id);
    if (!row) {
      return data<InboxActionData>(
        { ok: false, message: "Cette demande n'est plus en échec : rien à renvoyer." },
        { status: 409 },
      );
    }
    kickContactDelivery(db);
    return data<InboxActionData>({ ok: true, message: "Demande remise en file d'envoi" });
  }
  const row = await setContactHandled(db, id, intent === "traiter");
  if (!row) return data<InboxActionData>({ ok: false, message: "Demande introuvable." }, { status: 404 });
  return data<InboxActionData>({
    ok: true,
    message: intent === "traiter" ? "Demande marquée comme traitée" : "Demande remise à traiter",
  });
}
