// What the staff panel (/edit) reads: the cards' figures, the homepage video (the newest object of the
// homepage-videos bucket), the scheduled backups. The caller (the route module) has already called
// requireAdmin.
import type { Services } from "../../../server/context";
import { backupStatus, type BackupStatus } from "../../../server/data-transfer/backup";
import type { Db } from "../../../server/db/client";
import { countFailedMessages } from "../../../server/outbox/messages";
import { emailConfigured } from "../../../server/outbox/wake";
import { countProducts } from "~/features/catalogue/products.server";
import { countOpenContactRequests } from "~/features/contact-requests/store.server";
import { countFeaturedPhotos, countPhotos } from "~/features/gallery/store.server";
import { countMachines } from "~/features/machines/store.server";
import { countOpenTickets } from "~/features/service/store.server";

export type PanelCounts = {
  products: number;
  machines: number;
  photos: number;
  featured: number;
  /** New requests (spam apart). */
  openRequests: number;
  /** Service tickets to handle, and those past their promised response. */
  openTickets: number;
  lateTickets: number;
  /** Emails that will not go out without the staff. */
  failedEmails: number;
  /** Email is configured (SMTP_URL); null when unknown. */
  emailConfigured?: boolean;
};

async function panelCounts(db: Db): Promise<PanelCounts> {
  const [p, m, photos, featured, openRequests, failedEmails, tickets] = await Promise.all([
    countProducts(db),
    countMachines(db),
    countPhotos(db),
    countFeaturedPhotos(db),
    countOpenContactRequests(db),
    countFailedMessages(db),
    countOpenTickets(db, new Date()),
  ]);
  return {
    products: p,
    machines: m,
    photos,
    featured,
    openRequests,
    failedEmails,
    openTickets: tickets.nouveau + tickets.enCours,
    lateTickets: tickets.late,
  };
}

export type HomepageVideo = { url: string; name: string; size: number; createdAt: string };

export type PanelData = {
  counts: PanelCounts | null;
  video: HomepageVideo | null;
  videoError: boolean;
  /** The scheduled backups (null when their folder could not be read). */
  backup: BackupStatus | null;
};

export async function panelData({ db, storage, log, config }: Services): Promise<PanelData> {
  const [counts, video, backup] = await Promise.all([
    panelCounts(db).catch((error) => {
      log.error({ err: error }, "Error counting panel items");
      return null;
    }),
    storage.list("homepage-videos", 1).then(
      ([newest]) => ({
        ok: true as const,
        video: newest
          ? {
              url: storage.publicUrl("homepage-videos", newest.name),
              name: newest.name,
              size: newest.size,
              createdAt: newest.createdAt.toISOString(),
            }
          : null,
      }),
      (error) => {
        log.error({ err: error }, "Error listing homepage videos");
        return { ok: false as const, video: null };
      },
    ),
    backupStatus(config).catch((error) => {
      log.error({ err: error }, "Error reading the backup folder");
      return null;
    }),
  ]);
  return {
    counts: counts && { ...counts, emailConfigured: emailConfigured(config) },
    video: video.video,
    videoError: !video.ok,
    backup,
  };
}
