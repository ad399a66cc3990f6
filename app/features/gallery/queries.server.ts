// What the gallery page reads: every photo in order (none when the database fails, so the page still
// renders).
import type { Services } from "../../../server/context";
import { listPhotos } from "./store.server";
import { toPublicPhoto, type PublicPhoto } from "./photo";

export function galleryPhotos({ db, log }: Pick<Services, "db" | "log">): Promise<PublicPhoto[]> {
  return listPhotos(db).then(
    (rows) => rows.map(toPublicPhoto),
    (error: unknown) => {
      log.error({ err: error }, "Error fetching gallery photos");
      return [];
    },
  );
}
