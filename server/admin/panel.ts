// Server side of the staff panel (/edit): the cards' figures and the homepage video (the newest object
// of the homepage-videos bucket is the hero background, spec section 7).
import { data } from "react-router";
import { formText } from "../../app/lib/form-data";
import type { Services } from "../context";
import { panelCounts, type PanelCounts } from "../data/admin-panel";
import { backupStatus, type BackupStatus } from "../data-transfer/backup";
import { deleteStoredObject } from "../media/remove";
import { isValidObjectName } from "../storage/storage";

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
  return { counts, video: video.video, videoError: !video.ok, backup };
}

export type PanelActionResult =
  | { ok: true; intent: "video-uploaded" | "delete-video"; removed: number }
  | { ok: false; intent: string | null; error: "invalid" | "server" };

/** 'video-uploaded' (name): the new video stays, older ones go (one hero video, no forgotten 200 MB
 * files). 'delete-video': every homepage video goes and the hero falls back to its gradient. */
export async function panelAction(services: Services, form: FormData) {
  const { storage, log } = services;
  const intent = form.get("intent");
  if (intent !== "video-uploaded" && intent !== "delete-video") {
    return data<PanelActionResult>({ ok: false, intent: null, error: "invalid" }, { status: 400 });
  }
  try {
    const objects = await storage.list("homepage-videos", 1000);
    let keep: string | null = null;
    if (intent === "video-uploaded") {
      const name = formText(form, "name");
      if (!isValidObjectName(name) || !objects.some((o) => o.name === name)) {
        return data<PanelActionResult>({ ok: false, intent, error: "invalid" }, { status: 400 });
      }
      keep = name;
    }
    const doomed = objects.filter((o) => o.name !== keep);
    for (const object of doomed) await deleteStoredObject(services, "homepage-videos", object.name);
    log.info({ intent, removed: doomed.length }, "Homepage videos updated");
    return data<PanelActionResult>({ ok: true, intent, removed: doomed.length });
  } catch (error) {
    log.error({ err: error }, "Error updating homepage videos");
    return data<PanelActionResult>({ ok: false, intent, error: "server" }, { status: 500 });
  }
}
