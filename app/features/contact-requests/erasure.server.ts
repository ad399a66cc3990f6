// Erasing a person (Law 25): every row that names them goes or is made anonymous, in one transaction,
// each by the module that owns its table (docs/decisions/2026-12-02-erasure-and-retention.md).
// - their contact requests, with the notes and stage changes (the database cascades);
// - their proposals, every version, with the items; the link's token is kept as a hash only, so the
//   link answers 410 (erasedProposalLinks);
// - the outbox's emails to or about them: linked to a request, holding a proposal's link, or (erasing
//   by address) naming their address or name anywhere in the message;
// - the activity log's lines that name them are kept, the name and address replaced;
// - erasing by address, also the service tickets they sent (their votes keep no address), and the
//   installations that name them, kept without their name, email and phone (the tickets' photos are
//   named in `ticketPhotos`: the caller deletes them once this commits).
import type { Db } from "../../../server/db/client";
import { deleteEmailsAbout } from "../../../server/outbox/messages";
import { anonymiseInstallations } from "../installations/store.server";
import { anonymiseActivity } from "../journal/store.server";
import { deleteProposals, proposalsOfPerson } from "../proposals/store.server";
import { eraseTicketsOf } from "../service/store.server";
import { deleteContactRequests, lockContactRequestsOfPerson } from "./store.server";
import { anonymised, jsonEscaped, personNeedles } from "./erasure";

/** What an erasure removed, and the ids of the proposals that went (their stored PDFs go too). */
export type ErasureCounts = {
  requests: number;
  proposals: number;
  messages: number;
  journal: number;
  installations: number;
  tickets: number;
  proposalIds: string[];
  /** The erased tickets' photos (objects in 'ticket-photos'). */
  ticketPhotos: string[];
};

/** A request deleted by the staff (and what it led to), or everyone's data under one address. */
export type ErasureTarget = { requestId: string } | { email: string };

/** Erases a person (see the top of this file). Null when the request to delete no longer exists;
 * counts of zero when nothing holds the address. */
export async function erasePerson(db: Db, target: ErasureTarget, now = new Date()): Promise<ErasureCounts | null> {
  return db.transaction(async (t) => {
    const byEmail = "email" in target;
    const requests = await lockContactRequestsOfPerson(t, target);
    if (!byEmail && requests.length === 0) return null;
    const requestIds = requests.map((r) => r.id);

    const theirProposals = await proposalsOfPerson(t, { requestIds, email: byEmail ? target.email : null });

    const needles = personNeedles([
      byEmail ? target.email : null,
      ...requests.flatMap((r) => [r.name, r.email]),
      ...theirProposals.flatMap((p) => [p.client_name, p.client_email]),
    ]);

    // Emails: linked to their requests, or holding a proposal's link; by address, also any email that
    // names them. Deleting one request leaves the person's other emails to their other requests.
    const tokens = theirProposals.map((p) => p.token);
    const inMessage = (byEmail ? [...needles, ...tokens] : tokens).map(jsonEscaped);
    const messages = await deleteEmailsAbout(t, { requestIds, texts: inMessage, onlyUnlinked: !byEmail });

    // The activity log keeps what was done, without whom.
    const journal = await anonymiseActivity(t, needles, (summary) => anonymised(summary, needles));

    const rewrite = (text: string) => anonymised(text, needles);
    const installationCount = byEmail ? await anonymiseInstallations(t, needles, rewrite) : 0;
    const tickets = byEmail ? await eraseTicketsOf(t, target.email, needles, rewrite) : { count: 0, photos: [] };

    const proposalCount = await deleteProposals(t, theirProposals, now);
    await deleteContactRequests(t, requestIds);
    return {
      requests: requestIds.length,
      proposals: proposalCount,
      messages,
      journal,
      installations: installationCount,
      tickets: tickets.count,
      proposalIds: theirProposals.map((p) => p.id),
      ticketPhotos: tickets.photos,
    };
  });
}
