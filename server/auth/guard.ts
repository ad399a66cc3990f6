import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getRequestInfo } from "../context";
import type { SessionUser } from "./sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The one guard of every protected page, loader, action and endpoint. Signed out, a page answers the
 * 'Page non trouvée' screen with 404 (no redirect) and a mutation answers 401 and changes nothing.
 * Every loader and action under routes/_guarded.tsx starts with it. */
export function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): SessionUser {
  const user = getRequestInfo(context).user;
  if (user) return user;
  if (SAFE_METHODS.has(request.method)) throw data({ guarded: true }, { status: 404 });
  throw data({ error: "Non autorisé" }, { status: 401 });
}

/** Refuses every mutation under the guarded layout before any action runs, so an action that forgot
 * its own check still cannot change anything. (GET requests are refused by the loaders instead: a
 * throwing middleware would also skip the root loader that the page shell needs.) */
export const guardMutationsMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!SAFE_METHODS.has(request.method)) requireAdmin(request, context);
};
