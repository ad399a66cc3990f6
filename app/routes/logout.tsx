import { redirect } from "react-router";
import { signOut } from "~/features/staff-session/actions.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export function loader() {
  return redirect("/");
}
