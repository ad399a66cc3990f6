import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getRequestInfo } from "../context";
import {
  maySessionAccess,
  ROLE_REFUSED,
  SECOND_FACTOR_REFUSED,
  SECOND_FACTOR_SCREEN,
} from "../../app/rules/staff-roles";
import type { SessionUser } from "./sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The one guard of every protected page, loader, action and endpoint. Signed out, a page answers the
 * 'Page non trouvée' screen with 404 (no redirect) and a mutation answers 401 and changes nothing;
 * signed in without the role the screen asks for, 404 and 403.
 * Every loader and action under routes/_guarded.tsx starts with it. */
export function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): SessionUser {
  const user = getRequestInfo(context).user;
  const read = SAFE_METHODS.has(request.method);
  if (!user) {
    if (read) throw data({ guarded: true }, { status: 404 });
    throw data({ error: "Non autorisé" }, { status: 401 });
  }
  if (maySessionAccess(user, request.method, new URL(request.url).pathname)) return user;
  // While the owner requires a second factor this session lacks, every screen leads to Mon compte.
  if (user.mustAddSecondFactor) {
    if (read) throw redirect(`${SECOND_FACTOR_SCREEN}?securite=exigee`);
    throw data({ error: SECOND_FACTOR_REFUSED }, { status: 403 });
  }
  // A screen the account's roles do not open is 'Page non trouvée' too; a change to it is forbidden.
  if (read) throw data({ guarded: true }, { status: 404 });
  throw data({ error: ROLE_REFUSED }, { status: 403 });
}

/** The signed-in account when its roles open this request's screen, else null: for a middleware that
 * answers a request itself (a file download) and otherwise lets the guarded loader refuse it. */
export function allowedStaff(request: Request, context: Readonly<RouterContextProvider>): SessionUser | null {
  const user = getRequestInfo(context).user;
  return user && maySessionAccess(user, request.method, new URL(request.url).pathname) ? user : null;
}

/** Refuses every mutation under the guarded layout before any action runs, so an action that forgot
 * its own check still cannot change anything. (GET requests are refused by the loaders instead: a
 * throwing middleware would also skip the root loader that the page shell needs.) */
export const guardMutationsMiddleware: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!SAFE_METHODS.has(request.method)) requireAdmin(request, context);
};
