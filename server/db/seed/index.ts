import type { Db } from "../client";
import type { Storage } from "../../storage/storage";
import type { Logger } from "../../lib/log";

// Replaced by the demo catalogue (in progress).
export async function seedDemoContent(_db: Db, _storage: Storage, _log: Logger): Promise<boolean> {
  return false;
}
