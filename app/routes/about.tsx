import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "À propos de nous", description: "Installation rapide, service gratuit, soutien local 7 jours sur 7.", noindex: true, });

export default function AboutPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">À propos de nous</h1>
    </section>
  );
}
