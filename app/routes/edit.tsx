import { panelAction } from "~/features/admin-panel/actions.server";
import { panelData } from "~/features/admin-panel/queries.server";
import { AdminPage } from "~/components/admin-page";
import { BackupCard } from "~/features/admin-panel/backup-card";
import { HomepageVideoCard } from "~/features/admin-panel/homepage-video";
import { PanelCards } from "~/features/admin-panel/panel-cards";
import { pageMeta } from "~/lib/seo";
import { useStaffUser } from "~/lib/site-data";
import { mayAccess, mayOpen } from "~/rules/staff-roles";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Administration", description: "Panneau d'administration.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return panelData(getServices(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return panelAction(getServices(context), request);
}

export default function EditPage({ loaderData }: Route.ComponentProps) {
  const roles = useStaffUser()?.roles ?? [];
  return (
    <AdminPage
      title="Administration"
      intro={
        roles.includes("proprietaire")
          ? "Gérez le contenu du site : produits, machines, photos et demandes reçues."
          : "Les sections que vos rôles vous ouvrent."
      }
      back={null}
    >
      <PanelCards counts={loaderData.counts} roles={roles} />
      {mayAccess(roles, "POST", "/edit") && (
        <HomepageVideoCard video={loaderData.video} loadError={loaderData.videoError} />
      )}
      {mayOpen(roles, "/edit/sauvegarde") && <BackupCard status={loaderData.backup} />}
    </AdminPage>
  );
}
