// GET /edit/sauvegarde: a fresh archive of the whole site, streamed as a download (staff only: 404
// for anyone else, like every page under the guarded layout).
import { join } from "node:path";
import { Readable } from "node:stream";
import { requireAdmin } from "../../server/auth/guard";
import { getServices } from "../../server/context";
import { prepareArchive } from "../../server/data-transfer/export";
import { ARCHIVE_ESTIMATE_HEADER, downloadName } from "~/features/admin-panel/backup";
import type { Route } from "./+types/edit-sauvegarde";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdmin(request, context);
  const services = getServices(context);
  // Media are spooled next to the site's data, not in a small /tmp.
  const prepared = await prepareArchive(services, { tempDir: join(services.config.dataDir, "tmp") });
  const body = prepared.stream();
  const dispose = () => void prepared.dispose();
  body.once("close", dispose);
  request.signal.addEventListener("abort", () => body.destroy(), { once: true });
  services.log.info({ user: user.username, bytes: prepared.estimatedBytes }, "Backup download started");
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${downloadName(new Date(prepared.manifest.createdAt))}"`,
      [ARCHIVE_ESTIMATE_HEADER]: String(prepared.estimatedBytes),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
