// What /edit-equipe shows: the accounts (and whether each has a second factor), the invitations still
// waiting, whether an invitation can be sent at all (email configured), and the team's sign-in rule.
import { listPendingInvitations } from "../../../server/auth/invitations";
import { accountsWithPasskeys } from "../../../server/auth/passkeys";
import { accountsWithAuthenticator } from "../../../server/auth/second-factor";
import { listAccounts, secondFactorRequired } from "../../../server/auth/users";
import type { Services } from "../../../server/context";

export async function teamData({ db, config }: Services, now = new Date()) {
  const [accounts, invitations, required, withApp, withPasskey] = await Promise.all([
    listAccounts(db),
    listPendingInvitations(db, now),
    secondFactorRequired(db),
    accountsWithAuthenticator(db),
    accountsWithPasskeys(db),
  ]);
  return {
    accounts: accounts.map((account) => ({
      ...account,
      secondFactor: withApp.has(account.id) || withPasskey.has(account.id),
    })),
    invitations,
    mailReady: Boolean(config.mail),
    secondFactorRequired: required,
  };
}

export type TeamData = Awaited<ReturnType<typeof teamData>>;
