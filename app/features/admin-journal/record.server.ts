// Every staff change is recorded in one place: the guarded layout's middleware, which every staff
// form goes through, writes a line of the activity log once the action has answered without error
// (who, which screen, what the form asked for, and the item it names). An action can say more with
// noteActivity (the page editor lists the fields it published).
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "../../../server/context";
import { recordActivity } from "../../../server/data/activity-log";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The staff screens, by their path's first segment, as the log names them. */
const AREAS: Record<string, string> = {
  edit: "Panneau d'administration",
  "edit-products": "Produits et étiquettes",
  "edit-machines": "Machines, catégories et étapes",
  "edit-gallery": "Galerie",
  "edit-demandes": "Demandes de contact",
  "edit-pages": "Pages et réglages",
  "edit-redirects": "Redirections",
  "creer-machine": "Créer ma machine",
};

// What an action adds to its line of the log.
const activityNote = createContext<{ summary?: string } | null>(null);

/** Describes the change being made, for its line of the activity log. */
export function noteActivity(context: Readonly<RouterContextProvider>, summary: string) {
  const note = context.get(activityNote);
  if (note) note.summary = summary;
}

/** The form's intent and the item it names, read from a copy of the request (the action reads the body). */
async function describeForm(request: Request): Promise<{ action: string; item: string }> {
  try {
    const form = await request.clone().formData();
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.trim() : "";
    };
    const item = text("nom") || text("name") || text("titre") || text("page") || text("id");
    return { action: text("intent") || request.method.toLowerCase(), item: item.slice(0, 200) };
  } catch {
    return { action: request.method.toLowerCase(), item: "" };
  }
}

export const recordActivityMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = getRequestInfo(context).user;
  if (SAFE_METHODS.has(request.method) || !user) return next();
  const described = await describeForm(request);
  const note: { summary?: string } = {};
  context.set(activityNote, note);
  const response = await next();
  if (response.status < 400) {
    const { db, log } = getServices(context);
    const segment = new URL(request.url).pathname.replace(/\.data$/, "").split("/")[1] ?? "";
    try {
      await recordActivity(db, {
        account: user.username,
        area: AREAS[segment] ?? `/${segment}`,
        action: described.action,
        summary: note.summary ?? described.item,
      });
    } catch (error) {
      // The change itself is made: a log line that could not be written must not undo or hide it.
      log.error({ err: error }, "Activity log: the line could not be written");
    }
  }
  return response;
};
