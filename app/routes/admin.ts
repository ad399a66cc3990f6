import { redirect } from "react-router";

/** '/admin', typed or bookmarked: the sign-in, going on to the panel (straight to it when signed in). */
export function loader() {
  return redirect("/login?retour=/edit");
}
