// What the staff panel (/edit) changes: the homepage video (the newest object of the homepage-videos
// bucket is the hero background). The caller (the route module) has already called requireAdmin.
import { data } from "react-router";
import { formText } from "~/lib/form-data";
import type { Services } from "../../../server/context";
import { deleteStoredObject } from "../../../server/media/remove";
import { isValidObjectName } from "../../../server/storage/storage";

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
