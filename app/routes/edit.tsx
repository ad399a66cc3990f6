import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Administration", description: "Panneau d'administration.", noindex: true, });

export default function EditPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Administration</h1>
    </section>
  );
}
