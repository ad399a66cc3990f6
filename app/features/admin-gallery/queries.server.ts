// What /edit-gallery reads: every photo, in order. The caller (the route module) has already called
// requireAdmin.
import type { Services } from "../../../server/context";
import { listPhotos } from "~/features/gallery/store.server";
import type { GalleryPhoto } from "../../../server/db/schema";

export type GalleryPageData = { photos: GalleryPhoto[]; loadError: boolean };

export async function galleryPageData({ db, log }: Services): Promise<GalleryPageData> {
  try {
    return { photos: await listPhotos(db), loadError: false };
  } catch (error) {
    log.error({ err: error }, "Error fetching gallery photos");
    return { photos: [], loadError: true };
  }
}
