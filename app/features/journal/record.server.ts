// Every staff change is recorded in one place: the guarded layout's middleware, which every staff
// form goes through, writes a line of the activity log once the action has answered without error
// (who, which screen, what the form asked for, and the item it names). An action can say more with
// noteActivity (the page editor lists the fields it published, the inbox the stage a request moved to).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "../../../server/context";
import { recordActivity } from "./store.server";
import type { Db } from "../../../server/db/client";
import { getProductName } from "~/features/catalogue/products.server";
import { getPhotoAlt } from "~/features/gallery/store.server";
import { getProposalMachineAndClient } from "~/features/proposals/store.server";
import { getCategoryName, getMachineName, getStepTitle } from "~/features/machines/store.server";
import { readFlash } from "../../../server/flash";
import { formValues } from "~/lib/form-values";
import { areaLabel, quoted } from "./labels";
import { isUuid } from "~/rules/id";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const MAX_ITEM = 200;

// What an action adds to its line of the log: a summary, or null when nothing changed (no line).
const activityNote = createContext<{ summary?: string | null } | null>(null);

/** Describes the change being made, for its line of the activity log; null: nothing changed, no line. */
export function noteActivity(context: Readonly<RouterContextProvider>, summary: string | null) {
  const note = context.get(activityNote);
  if (note) note.summary = summary;
}

type Posted = { segment: string; path: string[]; intent: string; values: Record<string, unknown> };

const text = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "");

/** The name a form posts for its item: `nom`, `titre` or `name`, at the top or one level down
 * ('machine.nom', 'step.titre'). */
function postedName(values: Record<string, unknown>): string {
  const own = (object: Record<string, unknown>) => text(object.nom) || text(object.titre) || text(object.name);
  const top = own(values);
  if (top) return top;
  for (const value of Object.values(values)) {
    if (value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Blob)) {
      const nested = own(value as Record<string, unknown>);
      if (nested) return nested;
    }
  }
  return "";
}

/** The item's name, as the line says it: « Signature ». */
async function named(name: Promise<string | null>): Promise<string | null> {
  const found = await name;
  return found ? quoted(found) : null;
}

const machineName = (db: Db, id: string) => named(getMachineName(db, id));

/** The item an id names, as the line says it ('« Signature »'), read before the action runs (a deleted
 * item is still there). */
async function nameById(db: Db, { segment, intent }: Posted, id: string): Promise<string | null> {
  switch (segment) {
    case "edit-machines":
      if (intent.endsWith("category")) return named(getCategoryName(db, id));
      if (intent.endsWith("step")) return named(getStepTitle(db, id));
      return machineName(db, id);
    case "edit-products":
      return named(getProductName(db, id));
    case "edit-gallery":
      // A photo's generated name ('Photo 1764…') says nothing: its description does, when it has one.
      return named(getPhotoAlt(db, id));
    case "edit-propositions": {
      const row = await getProposalMachineAndClient(db, id);
      return row ? `${quoted(row.machine)} pour ${row.client}` : null;
    }
    default:
      return null;
  }
}

/** What the line says about the item: its name in « », a few words for a list, or nothing; never a
 * bare id. */
async function describeItem(db: Db, posted: Posted): Promise<string> {
  const { segment, path, intent, values } = posted;
  // The customiser and a machine's proposal template name the machine in their address.
  const machineId =
    segment === "creer-machine"
      ? path[1]
      : segment === "edit-propositions" && path[1] === "modele"
        ? path[2]
        : undefined;
  if (machineId && isUuid(machineId)) {
    const machine = await machineName(db, machineId);
    const client = text(values.client_name);
    if (machine) return client ? `${machine} pour ${client}` : machine;
  }
  if (segment === "edit-gallery" && intent === "add" && Array.isArray(values.image_url)) {
    const n = values.image_url.length;
    return n > 1 ? `${n} photos` : "1 photo";
  }
  const name = postedName(values);
  if (name) return quoted(name);
  const id = text(values.id);
  const found = isUuid(id) ? await nameById(db, posted, id) : null;
  if (segment === "edit-gallery" && intent === "feature") {
    const state = values.featured === "true" ? "mise en vedette" : "retirée de la vedette";
    return found ? `${found} : ${state}` : `Photo ${state}`;
  }
  return found ?? "";
}

/** The form's intent and the item it names, read from a copy of the request (the action reads the body). */
async function describeForm(db: Db, request: Request, segment: string, path: string[]) {
  const method = request.method.toLowerCase();
  let values: Record<string, unknown>;
  try {
    values = formValues(await request.clone().formData());
  } catch {
    return { action: method, item: "" };
  }
  const posted: Posted = { segment, path, intent: text(values.intent) || method, values };
  const item = await describeItem(db, posted).catch(() => "");
  return { action: posted.intent, item: item.slice(0, MAX_ITEM) };
}

/** Whether a post made before the app started was refused: its redirect carries an error toast. */
async function refusedDocumentPost(request: Request, response: Response, secret: string): Promise<boolean> {
  if (response.status < 300 || response.status >= 400) return false;
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (cookies.length === 0) return false;
  const toast = await readFlash(new Request(request.url, { headers: { cookie: cookies.join("; ") } }), secret);
  return toast?.type === "error";
}

export const recordActivityMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = getRequestInfo(context).user;
  if (SAFE_METHODS.has(request.method) || !user) return next();
  const { db, log, secret } = getServices(context);
  const path = new URL(request.url).pathname
    .replace(/\.data$/, "")
    .split("/")
    .slice(1);
  const segment = path[0] ?? "";
  const described = await describeForm(db, request, segment, path);
  const note: { summary?: string | null } = {};
  context.set(activityNote, note);
  const response = await next();
  if (response.status >= 400 || note.summary === null) return response;
  if (await refusedDocumentPost(request, response, secret)) return response;
  try {
    await recordActivity(db, {
      account: user.name,
      area: areaLabel(segment),
      action: described.action,
      summary: note.summary ?? described.item,
    });
  } catch (error) {
    // The change itself is made: a log line that could not be written must not undo or hide it.
    log.error({ err: error }, "Activity log: the line could not be written");
  }
  return response;
};
