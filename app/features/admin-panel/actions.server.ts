// What the staff panel (/edit) changes: the homepage video (the newest object of the homepage-videos
// bucket is the hero background). Every answer is a StaffActionResult whose toasts the panel shows.
// The caller (the route module) has already called requireAdmin.
import { MSG } from "~/lib/messages";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import type { Services } from "../../../server/context";
import { deleteStoredObject } from "../../../server/media/remove";
import { isValidObjectName } from "../../../server/storage/storage";
import { PANEL_INTENTS, PANEL_MSG, PanelActionSchema, type PanelActionResult, type PanelIntent } from "./schema";

/** What a refusal says: a video that could not be put in place, or could not be removed. */
const refusal = (intent: PanelIntent | "invalid") =>
  failure(MSG.error, intent === "delete-video" ? PANEL_MSG.videoNotRemoved : PANEL_MSG.videoNotPlaced);

/** 'video-uploaded' (name): the new video stays, older ones go (one hero video, no forgotten 200 MB
 * files). 'delete-video': every homepage video goes and the hero falls back to its gradient. */
export async function panelAction(services: Services, request: Request) {
  const { storage, log } = services;
  const answer = (result: PanelActionResult, status?: number) =>
    staffAnswer(request, services.secret, result, { status, doneUrl: "/edit" });

  const read = await readStaffForm(request, PanelActionSchema);
  if (!read.ok) {
    const intent = PANEL_INTENTS.find((known) => known === read.intent) ?? "invalid";
    return answer({ ok: false, intent, toasts: [refusal(intent)], fieldErrors: read.fieldErrors }, 400);
  }
  const input = read.input;
  try {
    const objects = await storage.list("homepage-videos", 1000);
    let keep: string | null = null;
    if (input.intent === "video-uploaded") {
      if (!isValidObjectName(input.name) || !objects.some((o) => o.name === input.name)) {
        return answer({ ok: false, intent: input.intent, toasts: [refusal(input.intent)] }, 400);
      }
      keep = input.name;
    }
    const doomed = objects.filter((o) => o.name !== keep);
    for (const object of doomed) await deleteStoredObject(services, "homepage-videos", object.name);
    log.info({ intent: input.intent, removed: doomed.length }, "Homepage videos updated");
    // An upload is announced by the upload field itself ('Vidéo uploadée').
    const toasts =
      input.intent === "delete-video" ? [success(PANEL_MSG.videoRemoved, PANEL_MSG.videoRemovedDetail)] : [];
    return answer({ ok: true, intent: input.intent, toasts });
  } catch (error) {
    log.error({ err: error }, "Error updating homepage videos");
    return answer({ ok: false, intent: input.intent, toasts: [refusal(input.intent)] }, 500);
  }
}
