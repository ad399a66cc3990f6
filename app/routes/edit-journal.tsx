import { journalData } from "~/features/journal/staff-queries.server";
import { JournalScreen } from "~/features/journal/journal-screen";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-journal";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Journal d'activité", description: "Les modifications de l'équipe.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return journalData(getServices(context));
}

export default function EditJournalPage({ loaderData }: Route.ComponentProps) {
  return <JournalScreen data={loaderData} />;
}
