import { redirect } from "react-router";
import { passkeySignIn } from "~/features/passkeys/sign-in.server";
import type { Route } from "./+types/login-cle";

// Signing in with a passkey: the sign-in page posts the browser's answer here (app/features/passkeys).
export function loader() {
  return redirect("/login");
}

export function action({ request, context }: Route.ActionArgs) {
  return passkeySignIn(request, context);
}
