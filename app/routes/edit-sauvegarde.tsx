// GET /edit/sauvegarde: a fresh archive of the whole site, streamed as a download to the signed-in
// staff. Anyone else gets the guarded layout's 'Page non trouvée' screen with 404, like every staff page.
import { backupDownloadMiddleware } from "~/features/admin-panel/backup-download.server";
import { requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-sauvegarde";

// The file is answered from middleware: a loader's Response on a page route is not sent as it is, and a
// route without a page would answer a visitor with bare JSON instead of the 'Page non trouvée' screen.
export const middleware: Route.MiddlewareFunction[] = [backupDownloadMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

/** Never shown: signed out, the guarded layout's boundary answers; signed in, the middleware does. */
export default function BackupDownload() {
  return null;
}
