// What Mon compte shows of a person's passkeys: where each was added, when, and its last use.
import type { Db } from "../../../server/db/client";
import { listPasskeys } from "../../../server/auth/passkeys";
import { formatDate } from "~/lib/dates";

export async function ownPasskeys(db: Db, userId: string) {
  return (await listPasskeys(db, userId)).map((key) => ({
    id: key.id,
    device: key.device || "Appareil inconnu",
    added: formatDate(key.createdAt),
    lastUsed: key.lastUsedAt ? formatDate(key.lastUsedAt, "dateTime") : null,
  }));
}

export type OwnPasskey = Awaited<ReturnType<typeof ownPasskeys>>[number];
