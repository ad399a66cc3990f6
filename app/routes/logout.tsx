import { data, redirect } from "react-router";
import { clearSessionCookies, deleteSession, deleteUserSessions, readSessionTokens } from "../../server/auth/sessions";
import { getRequestInfo, getServices } from "../../server/context";
import { flashCookie } from "../../server/flash";
import { MSG } from "~/lib/messages";
import type { Route } from "./+types/logout";

/** Ends this browser's session; with scope=everywhere, every session of the signed-in admin. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, secret } = getServices(context);
  const { user, secure } = getRequestInfo(context);
  // A bare POST (no form body) is a plain logout.
  const form = await request.formData().catch(() => null);
  if (form?.get("scope") === "everywhere") {
    // The user comes from the session checked on the server for this very request.
    if (!user) return data({ error: MSG.unauthorized }, { status: 401 });
    await deleteUserSessions(db, user.id);
  }
  for (const token of readSessionTokens(request.headers.get("cookie"))) await deleteSession(db, token);
  const headers = new Headers();
  for (const cookie of clearSessionCookies(secure)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashCookie({ type: "success", title: MSG.logoutSuccess }, secret));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
