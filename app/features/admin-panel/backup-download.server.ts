// GET /edit/sauvegarde for the signed-in staff: a fresh archive of the whole site, streamed as a
// download. It answers from middleware: a loader's Response on a page route is not sent as it is, and a
// route without a page would answer a visitor with bare JSON instead of the 'Page non trouvée' screen.
// A request another site started (a link or redirect carrying the Lax session cookie) is refused with
// 403 before anything is built: only the panel's own link (same origin) or a typed address starts one.
import { join } from "node:path";
import { Readable } from "node:stream";
import type { MiddlewareFunction } from "react-router";
import { allowedStaff } from "../../../server/auth/guard";
import { getServices } from "../../../server/context";
import { prepareArchive } from "../../../server/data-transfer/export";
import { ARCHIVE_ESTIMATE_HEADER, downloadName } from "./backup";

export const backupDownloadMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = allowedStaff(request, context);
  if (!user || request.method !== "GET" || new URL(request.url).pathname.endsWith(".data")) return next();
  if (startedElsewhere(request)) {
    return new Response("Téléchargement refusé : ouvrez la sauvegarde depuis le panneau d'administration.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const services = getServices(context);
  // Media are spooled next to the site's data, not in a small /tmp.
  const prepared = await prepareArchive(services, { tempDir: join(services.config.dataDir, "tmp") });
  const body = prepared.stream();
  body.once("close", () => void prepared.dispose());
  request.signal.addEventListener("abort", () => body.destroy(), { once: true });
  services.log.info({ user: user.username, bytes: prepared.estimatedBytes }, "Backup download started");
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${downloadName(new Date(prepared.manifest.createdAt))}"`,
      [ARCHIVE_ESTIMATE_HEADER]: String(prepared.estimatedBytes),
      "Cache-Control": "private, no-store",
    },
  });
};

/** Sec-Fetch-Site says another site (or a sibling one) sent the browser here. Browsers without the
 * header send no session cookie on a cross-site request's subresources anyway. */
function startedElsewhere(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
