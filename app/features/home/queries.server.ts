// What the home page reads: the featured photos and the hero's background video. Each answers an empty
// value when its source fails, so the page still renders.
import type { Services } from "../../../server/context";
import { listFeaturedPhotos } from "~/features/gallery/store.server";
import { toPublicPhoto, type PublicPhoto } from "~/features/gallery/photo";

export function featuredPhotos({ db, log }: Pick<Services, "db" | "log">): Promise<PublicPhoto[]> {
  return listFeaturedPhotos(db).then(
    (rows) => rows.map(toPublicPhoto),
    (error: unknown) => {
      log.error({ err: error }, "Error fetching featured photos");
      return [];
    },
  );
}

/** The newest object of the homepage-videos bucket, or null when there is none. */
export function heroVideoUrl({ storage, log }: Pick<Services, "storage" | "log">): Promise<string | null> {
  return storage.list("homepage-videos", 1).then(
    ([newest]) => (newest ? storage.publicUrl("homepage-videos", newest.name) : null),
    (error: unknown) => {
      log.error({ err: error }, "Error listing homepage videos");
      return null;
    },
  );
}
