// Removing media: one function deletes a stored object with its resized copies (whatever the storage),
// and records hand the URLs they dropped to releaseMedia once their change is committed.
import type { Services } from "../context";
import type { Bucket } from "../../app/rules/uploads";
import { removeResizedCopies } from "./cache";
import { referencedMediaKeys } from "./references";
import { mediaRefs, refKey, type MediaRef } from "./rules";

/** Deletes a stored object and the copies /img made of it. */
export async function deleteStoredObject(
  { storage, config }: Pick<Services, "storage" | "config">,
  bucket: Bucket,
  name: string,
): Promise<void> {
  await storage.delete(bucket, name);
  // After the object: a resize finishing meanwhile finds its source gone and drops its own copy.
  await removeResizedCopies(config.dataDir, bucket, name);
}

/**
 * Deletes the objects these URLs name unless a record still names them. Call it after the database
 * change that dropped them has committed. Never throws: what fails is logged and left to the sweep.
 */
export async function releaseMedia(
  services: Pick<Services, "db" | "storage" | "config" | "log">,
  urls: Iterable<string | null | undefined>,
): Promise<MediaRef[]> {
  const candidates = mediaRefs(urls);
  if (candidates.length === 0) return [];
  const removed: MediaRef[] = [];
  try {
    const used = await referencedMediaKeys(services.db, candidates);
    for (const ref of candidates) {
      if (used.has(refKey(ref))) continue;
      try {
        await deleteStoredObject(services, ref.bucket, ref.name);
        removed.push(ref);
      } catch (error) {
        services.log.error({ err: error, object: refKey(ref) }, "Error deleting media no record uses");
      }
    }
  } catch (error) {
    services.log.error({ err: error }, "Error checking media references");
  }
  if (removed.length > 0) services.log.info({ removed: removed.map(refKey) }, "Media no record uses removed");
  return removed;
}
