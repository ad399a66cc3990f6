// What Mon compte shows of a person's passkeys: where each was added, when, and its last use. A key
// kept by a security key or a nearby phone is named so, and keys of the same name are numbered, so
// the person can tell which one to remove.
import type { Db } from "../../../server/db/client";
import { listPasskeys } from "../../../server/auth/passkeys";
import { formatDate } from "~/lib/dates";

function keyName(device: string, transports: readonly string[]): string {
  if (transports.includes("internal")) return device || "Appareil inconnu";
  if (transports.some((t) => t === "usb" || t === "nfc" || t === "ble")) return "Clé de sécurité";
  if (transports.includes("hybrid")) return "Téléphone ou tablette à proximité";
  return device || "Appareil inconnu";
}

export async function ownPasskeys(db: Db, userId: string) {
  const keys = await listPasskeys(db, userId);
  const names = keys.map((key) => keyName(key.device, key.transports));
  return keys.map((key, index) => {
    const sameName = names.filter((name) => name === names[index]).length;
    // Listed newest first: the oldest of a name is (1).
    const rank = names.slice(index).filter((name) => name === names[index]).length;
    return {
      id: key.id,
      device: sameName > 1 ? `${names[index]} (${rank})` : names[index]!,
      added: formatDate(key.createdAt, "dateTime"),
      lastUsed: key.lastUsedAt ? formatDate(key.lastUsedAt, "dateTime") : null,
    };
  });
}

export type OwnPasskey = Awaited<ReturnType<typeof ownPasskeys>>[number];
