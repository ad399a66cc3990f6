// What /edit-compte shows a signed-in person of their own account: who they are, their roles, and the
// sessions open in their name (this browser marked).
import type { RouterContextProvider } from "react-router";
import { readSessionToken, sessionPolicy } from "../../../server/auth/sessions";
import { listOwnSessions, passwordHashOf } from "../../../server/auth/users";
import { getRequestInfo, getServices } from "../../../server/context";
import { formatDate } from "~/lib/dates";
import { ownPasskeys } from "~/features/passkeys/queries.server";
import { authenticatorData } from "./authenticator-queries.server";

export async function ownAccountData(request: Request, context: Readonly<RouterContextProvider>, now = new Date()) {
  const { db, config } = getServices(context);
  const user = getRequestInfo(context).user!;
  const token = readSessionToken(request.headers.get("cookie"));
  const sessions = await listOwnSessions(db, user.id, token, sessionPolicy(config), now);
  const passkeys = await ownPasskeys(db, user.id);
  return {
    sessions: sessions.map((s) => ({
      current: s.current,
      device: s.device || "Appareil inconnu",
      opened: formatDate(s.createdAt, "dateTime"),
      lastSeen: formatDate(s.lastSeenAt, "dateTime"),
    })),
    passkeys,
    authenticator: await authenticatorData(db, user, config.site.name),
    // An account made with a passkey, or restored from an archive, has no password yet.
    hasPassword: Boolean(await passwordHashOf(db, user.id)),
  };
}

export type OwnAccountData = Awaited<ReturnType<typeof ownAccountData>>;
