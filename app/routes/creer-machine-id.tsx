import { data, isRouteErrorResponse, useRouteError, type ShouldRevalidateFunction } from "react-router";
import {
  getCustomiserMachine,
  listPickerOptions,
  listTopProducts,
  searchPickerProducts,
} from "~/features/customiser/queries.server";
import { NotFoundScreen } from "~/components/not-found";
import { Customiser } from "~/features/customiser/customiser";
import { DEFAULT_PICKER_FILTERS, parsePickerFilters } from "~/features/customiser/filters";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { customiserProposalSetup } from "~/features/proposals/customiser.server";
import { installationLayoutStart } from "~/features/installations/customiser.server";
import { customiserProposalAction } from "~/features/proposals/send-actions.server";
import { warmPdfWorker } from "~/features/proposals/pdf-renderer.server";
import type { Route } from "./+types/creer-machine-id";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.machine ? `${loaderData.machine.nom} · Créer ma machine` : "Machine non trouvée",
    description: "Disposez les produits sur la façade de la machine.",
    noindex: true,
  });

/** The page: the machine (its chassis and default grid), the picker's filter choices and its first page.
 * With ?picker=1 (the picker's own requests, through a fetcher): one page of products for its filters. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { db, log } = getServices(context);
  const url = new URL(request.url);
  const wantsPicker = url.searchParams.has("picker");
  let machine;
  try {
    machine = await getCustomiserMachine(db, params.machineId);
  } catch (error) {
    // A machine-data load failure is logged with the machine's id, then shown as the error screen.
    log.error({ err: error, machineId: params.machineId }, "Error fetching machine");
    throw error;
  }
  if (!machine) throw data({ notFound: "machine" }, { status: 404 });
  // A proposal may be sent from here: its PDF will be drawn by a worker ready for it.
  warmPdfWorker();

  if (wantsPicker) {
    return {
      machine,
      options: null,
      picker: await searchPickerProducts(db, parsePickerFilters(url.searchParams)),
      proposal: null,
      topProducts: [],
      installation: null,
    };
  }
  const [options, picker, proposal, topProducts, installation] = await Promise.all([
    listPickerOptions(db),
    searchPickerProducts(db, DEFAULT_PICKER_FILTERS),
    customiserProposalSetup(db, machine.id, url.searchParams),
    listTopProducts(db),
    // ?installation=: the layout of an installation of this machine, to change and save to it.
    installationLayoutStart(db, url.searchParams.get("installation"), machine.id),
  ]);
  return { machine, options, picker, proposal, topProducts, installation };
}

/** 'Envoyer' (the proposal form) and 'Enregistrer comme modèle'. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return customiserProposalAction(getServices(context), request, params.machineId, user.name);
}

// The page's own forms (a proposal sent, a template saved) change nothing it shows, and the picker's
// fetches must not reload the page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const EMPTY_SETUP = {
  requests: [],
  defaults: { client_name: "", client_email: "", contact_request_id: null, message: "", previous_id: null },
  start: null,
  template: null,
  ignoreDraft: false,
};

export default function CreerMachineIdPage({ loaderData }: Route.ComponentProps) {
  const { machine, options, picker, proposal, topProducts, installation } = loaderData;
  return (
    <Customiser
      key={`${machine.id}:${proposal?.defaults.previous_id ?? ""}:${installation?.installation.id ?? ""}`}
      proposal={
        installation
          ? { ...(proposal ?? EMPTY_SETUP), start: installation.start, ignoreDraft: true }
          : (proposal ?? EMPTY_SETUP)
      }
      installation={installation?.installation ?? null}
      machine={machine}
      options={options ?? { categories: [], tags: [] }}
      firstPage={picker}
      topProducts={topProducts}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (
    isRouteErrorResponse(error) &&
    error.status === 404 &&
    !(error.data as { guarded?: boolean } | null | undefined)?.guarded
  ) {
    return (
      <NotFoundScreen
        variant="item"
        title="Machine non trouvée"
        backTo={{ to: "/creer-machine", label: "Retour à la sélection" }}
      />
    );
  }
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 401)) {
    return <NotFoundScreen variant="guarded" />;
  }
  return (
    <section className="container-page py-32 text-center">
      <h1 className="text-4xl">Unexpected Application Error!</h1>
      <p className="mt-4 text-stone">Une erreur inattendue est survenue. Veuillez rafraîchir la page.</p>
    </section>
  );
}
