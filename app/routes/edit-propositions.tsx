import { data } from "react-router";
import { readFormData, UNREADABLE_FORM } from "~/lib/staff-action.server";
import { resendProposal } from "~/features/proposals/staff-actions.server";
import { listProposals } from "~/features/proposals/queries.server";
import { StaffProposals } from "~/features/proposals/staff-view";
import { emailConfigured } from "~/features/proposals/staff.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-propositions";
import { isUuid } from "~/rules/id";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Propositions", description: "Propositions envoyées.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const services = getServices(context);
  return { proposals: await listProposals(services.db), emailConfigured: emailConfigured(services.config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  const form = await readFormData(request);
  if (!form) return data({ ok: false, message: UNREADABLE_FORM }, { status: 400 });
  const id = form.get("id");
  if (form.get("intent") !== "resend" || typeof id !== "string" || !isUuid(id))
    return data({ ok: false, message: "Action inconnue." }, { status: 400 });
  const sent = await resendProposal(getServices(context), id);
  return sent
    ? { ok: true, message: "Le lien a été renvoyé au client." }
    : data(
        { ok: false, message: "Cette proposition n'existe plus ou le courriel n'est pas configuré." },
        { status: 400 },
      );
}

export default function EditPropositionsPage({ loaderData }: Route.ComponentProps) {
  return <StaffProposals {...loaderData} />;
}
