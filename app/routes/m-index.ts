import { redirect } from "react-router";
import type { Route } from "./+types/m-index";

/** '/m?code=…': the code a person typed on the 'Code introuvable' page, to its machine's page (which
 * reads it in any letter case, with or without its hyphen). */
export function loader({ request }: Route.LoaderArgs) {
  const code = (new URL(request.url).searchParams.get("code") ?? "").trim().slice(0, 20);
  return redirect(code ? `/m/${encodeURIComponent(code)}` : "/");
}
