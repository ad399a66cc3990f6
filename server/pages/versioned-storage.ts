import type { Storage } from "../storage/storage";
import type { Bucket } from "../../app/rules/uploads";
import type { ContentVersion } from "./content-version";

/** Buckets that pages show by listing them (the newest homepage video), not through a row that names
 * an object: a row's change already moves the version on (database triggers). */
const LISTED_BUCKETS: readonly Bucket[] = ["homepage-videos"];

/** The storage the site uses: an object written to or removed from a listed bucket moves the content
 * version on. (Objects of the other buckets show once a row names them; the sweep removes only objects
 * no row names, inside a transaction that must not wait for another query.) */
export function versionedStorage(storage: Storage, version: ContentVersion): Storage {
  const changed = async (bucket: Bucket) => {
    if (LISTED_BUCKETS.includes(bucket)) await version.bump();
  };
  return {
    localRoot: storage.localRoot,
    async put(bucket, ...rest) {
      await storage.put(bucket, ...rest);
      await changed(bucket);
    },
    async putNew(bucket, ...rest) {
      const name = await storage.putNew(bucket, ...rest);
      await changed(bucket);
      return name;
    },
    async delete(bucket, name) {
      await storage.delete(bucket, name);
      await changed(bucket);
    },
    read: (...args) => storage.read(...args),
    readStream: (...args) => storage.readStream(...args),
    readHead: (...args) => storage.readHead(...args),
    stat: (...args) => storage.stat(...args),
    head: (...args) => storage.head(...args),
    readRange: (...args) => storage.readRange(...args),
    list: (...args) => storage.list(...args),
    publicUrl: (...args) => storage.publicUrl(...args),
  };
}
