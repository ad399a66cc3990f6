import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirmation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Demande reçue !", description: "Merci ! Nous vous contacterons dans les 24 heures.", noindex: true, });

export default function ConfirmationPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Demande reçue !</h1>
    </section>
  );
}
