import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/machine";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Machine", description: "Détail d'une machine.", });

export default function MachinePage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Machine</h1>
    </section>
  );
}
