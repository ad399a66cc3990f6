import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Contact", description: "Demandez une distributrice pour votre entreprise : réponse en moins de 24 heures.", path: "/contact", });

export default function ContactPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Contact</h1>
    </section>
  );
}
