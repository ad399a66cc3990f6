import { redirect } from "react-router";
import { clearSessionCookie, deleteSession, readCookie, SESSION_COOKIE } from "../../server/auth/sessions";
import { getRequestInfo, getServices } from "../../server/context";
import { flashCookie } from "../../server/flash";
import { MSG } from "~/lib/messages";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  await deleteSession(getServices(context).db, readCookie(request.headers.get("cookie"), SESSION_COOKIE));
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(getRequestInfo(context).secure));
  headers.append("Set-Cookie", flashCookie({ type: "success", title: MSG.logoutSuccess }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
