// What /edit-equipe shows: the accounts, the invitations still waiting, and whether an invitation can
// be sent at all (email configured).
import { listPendingInvitations } from "../../../server/auth/invitations";
import { listAccounts } from "../../../server/auth/users";
import type { Services } from "../../../server/context";

export async function teamData({ db, config }: Services, now = new Date()) {
  const [accounts, invitations] = await Promise.all([listAccounts(db), listPendingInvitations(db, now)]);
  return { accounts, invitations, mailReady: Boolean(config.mail) };
}

export type TeamData = Awaited<ReturnType<typeof teamData>>;
