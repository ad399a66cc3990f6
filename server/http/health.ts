import express, { type Router } from "express";
import type { Services } from "../context";
import { migrationsApplied } from "../db/client";
import type { HttpLifecycle } from "./lifecycle";

/** GET /healthz (liveness: the process answers and reaches its database) and GET /readyz (readiness:
 * the database is reachable, this build's migrations are applied, the instance is not draining and the
 * pictures shown have their standard widths, or PICTURES_READY_WAIT_MS has passed).
 * A balancer sends traffic only to ready instances; an orchestrator restarts one that is not alive. */
export function healthRouter(
  services: Pick<Services, "db">,
  lifecycle?: HttpLifecycle,
  pictures?: { readonly ready: boolean },
): Router {
  const router = express.Router();
  const answer = (res: express.Response, status: number, text: string) =>
    res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);

  router.get("/healthz", async (_req, res) => {
    try {
      await services.db.execute("select 1");
      answer(res, 200, "ok");
    } catch {
      answer(res, 503, "indisponible");
    }
  });
  router.get("/readyz", async (_req, res) => {
    if (lifecycle?.draining) return answer(res, 503, "arrêt en cours");
    // Visitors come once the pictures records name have their standard widths: none waits for a resize.
    if (pictures && !pictures.ready) return answer(res, 503, "images en préparation");
    try {
      if (!(await migrationsApplied(services.db))) return answer(res, 503, "migrations en attente");
      answer(res, 200, "prêt");
    } catch {
      answer(res, 503, "base de données injoignable");
    }
  });
  return router;
}
