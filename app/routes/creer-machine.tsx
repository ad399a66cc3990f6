import { useSearchParams, type ShouldRevalidateFunction } from "react-router";
import { listCustomiserCategories, listCustomiserMachines } from "~/features/customiser/queries.server";
import { MachineChooser } from "~/features/customiser/machine-chooser";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/creer-machine";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Créer ma machine",
    description: "Choisissez une machine à personnaliser.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { db } = getServices(context);
  const [machines, categories] = await Promise.all([listCustomiserMachines(db), listCustomiserCategories(db)]);
  return { machines, categories };
}

// The list is small and fully loaded: filtering happens in the page (the URL keeps the filters), so
// changing them does not need the server again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function CreerMachinePage({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const categorie = params.get("categorie") ?? "";
  const update = (patch: { q?: string; categorie?: string }) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(patch)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return (
    <MachineChooser
      machines={loaderData.machines}
      categories={loaderData.categories}
      q={q}
      categorie={categorie}
      onChange={update}
    />
  );
}
