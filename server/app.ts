import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { writeSync } from "node:fs";
import { join } from "node:path";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestSessionUser } from "./auth/users";
import { refuseSignedOutMutations, SESSION_USER_LOCAL, siteSessionUser } from "./auth/signed-out-bodies";
import { addressKey } from "./http/client-address";
import { PageCache } from "./pages/page-cache";
import { pageHandler } from "./pages/handler";
import type { PageCaching } from "./pages/pipeline";
import { loadConfig } from "./config";
import { requestContext, servicesContext, type RequestInfo, type Services } from "./context";
import { releaseMemoryWhenIdle } from "./lib/idle-memory";
import { log } from "./lib/log";
import { RESIZE_CONCURRENCY } from "./media/rules";
import { projectRoot } from "./lib/paths";
import { imageRouter, mediaRouter, startMediaSweep } from "./media";
import {
  startPictureVariants,
  widthsInChildProcess,
  widthsInProcess,
  type PictureVariants,
  type WidthsJob,
} from "./media/variants";
import { mediaOrigins, nonce, sameOriginMutations, securityHeaders, staticAssetHeaders } from "./security";
import { createServices, createStorage } from "./services";
import { needsFirstRun, runFirstRun } from "./first-run";
import { startOutbox } from "./outbox/start";
import { uploadRouter } from "./uploads/router";
import { healthRouter } from "./http/health";
import { HttpLifecycle } from "./http/lifecycle";
import { shutdown } from "./lib/shutdown";
import { startScheduledBackups } from "./data-transfer/backup";
import { loggedAddress } from "../app/rules/personal-pages";
import type { ServerAreas } from "./areas";

export type AppOptions = {
  /** What the site's areas add (app/site.server.ts). */
  areas: ServerAreas;
  viteDevServer?: ViteDevServer;
  /** Draining state and in-flight requests for a graceful stop (startServer gives one). */
  lifecycle?: HttpLifecycle;
  /** The background maker of pictures' standard widths (startServer gives one). */
  pictures?: PictureVariants;
};

/** The whole HTTP application: security headers, compression, static files, media, resized images,
 * health check, then React Router for every page, loader and action. */
export function createApp(services: Services, { areas, viteDevServer, lifecycle, pictures }: AppOptions): Express {
  const app = express();
  const dev = Boolean(viteDevServer);
  app.disable("x-powered-by");
  app.set("trust proxy", services.config.trustProxy);
  if (lifecycle) app.use(lifecycle.track);

  app.use((req, res, next) => {
    const id = randomUUID();
    const started = performance.now();
    res.setHeader("X-Request-Id", id);
    if (!services.log.isLevelEnabled("info")) return next();
    res.on("finish", () => {
      services.log.info(
        {
          id,
          method: req.method,
          // A personal page's token never reaches the log: `/proposition/[jeton]`.
          url: loggedAddress(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });
    next();
  });
  // Visitors' statistics beacons, from the site's own pages only: answered before the page headers (a
  // 204 has nothing a policy protects; they were a tenth of a beacon's cost) and the staff check.
  app.use(areas.beacons.path, sameOriginMutations(services.config.site.publicUrl));
  app.use(areas.beacons.handler(services));
  if (!viteDevServer) {
    // Hashed build files: served before the page headers (a CSP means nothing on a script or a font)
    // and precompressed at build time. Each asset response stays small; a phone asks for several.
    app.use(
      "/assets",
      staticAssetHeaders,
      expressStaticGzip(join(projectRoot, "build/client/assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
      (_req: Request, res: Response) => {
        res.status(404).type("text/plain").send("Fichier introuvable.");
      },
    );
  }
  // Resized pictures (AVIF or WebP made here, never SVG): nothing in them runs, so they get the asset
  // headers only, about 650 bytes less each (a gallery asks for ten at once, with the fonts).
  app.use("/img", staticAssetHeaders);
  app.use(imageRouter(services));
  app.use(
    nonce,
    securityHeaders({ dev, https: services.config.https, media: mediaOrigins(services.config.s3?.publicUrl) }),
  );

  app.use(healthRouter(services, lifecycle, pictures));
  app.use(mediaRouter(services));

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    const client = join(projectRoot, "build/client");
    const publicFiles = express.static(client, { maxAge: "1h", index: false });
    // Only a name with an extension can be one of those files (favicons, placeholder): a page request
    // skips the disk lookup.
    app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Staff endpoints (uploads): never kept by a browser or a proxy.
  app.use("/api", (_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });
  app.use(sameOriginMutations(services.config.site.publicUrl));
  // Before any route reads a body: a signed-out mutation of a staff screen or endpoint gets 401 at once.
  app.use(refuseSignedOutMutations(siteSessionUser(services)));
  app.use(uploadRouter(services, { onStored: (bucket, name) => pictures?.queue({ bucket, name }) }));
  const getLoadContext = async (req: Request, res: Response, info: Partial<RequestInfo> = {}) => {
    const context = new RouterContextProvider();
    const user =
      "user" in info
        ? null
        : ((res.locals[SESSION_USER_LOCAL] as Awaited<ReturnType<typeof requestSessionUser>> | undefined) ??
          (await requestSessionUser(services.db, services.config, req.headers.cookie)));
    context.set(servicesContext, services);
    context.set(requestContext, {
      nonce: String(res.locals.nonce),
      ip: addressKey(req.ip),
      secure: req.secure || services.config.https,
      user,
      ...info,
    });
    return context;
  };
  // The staff's redirects answer before any page; 404s are noted for their list.
  app.use(areas.beforePages(services));
  const caching = dev ? null : pageCaching(services);
  if (viteDevServer) {
    // A function: React Router loads the build again on every request, so edits show at once.
    const build = () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    app.use(pageHandler({ build, getLoadContext, compress: compression() }));
  } else {
    // The build object itself: given a function, React Router would rebuild its route tables on every
    // request (about 0.7 ms of a 15 ms catalogue page).
    const pages = import("virtual:react-router/server-build").then((build) =>
      pageHandler({ build, getLoadContext, caching, compress: compression() }),
    );
    app.use((req, res, next) => pages.then((handle) => handle(req, res, next)).catch(next));
  }

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    services.log.error({ err: error }, "Unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Erreur interne du serveur.");
  });
  return app;
}

/** Safety bound on a cached page's age: pages show the year, and nothing else that time changes. */
const PAGE_CACHE_TTL_MS = 10 * 60 * 1000;

/** The visitors' page cache, or null when PAGE_CACHE_MB is 0. */
function pageCaching({ config, contentVersion, secret }: Services): PageCaching | null {
  if (config.pageCacheBytes === 0) return null;
  return {
    pages: new PageCache({ maxBytes: config.pageCacheBytes, ttlMs: PAGE_CACHE_TTL_MS }),
    version: contentVersion,
    origin: new URL(config.site.publicUrl).origin,
    secret,
    cacheControl: `public, max-age=0, s-maxage=${config.pageSharedMaxAge}, stale-while-revalidate=${config.pageStaleWhileRevalidate}`,
    media: mediaOrigins(config.s3?.publicUrl),
  };
}

/** The first start's work (database, first admin, demo content), run by first-run.ts in a child process. */
export async function prepareData(areas: ServerAreas): Promise<void> {
  const services = await createServices(loadConfig(), areas);
  await services.database.close();
}

/** The work of widthsInChildProcess's child: the standard widths of the pictures of the job on standard
 * input; the number of copies made goes to file descriptor 3. */
export async function makeWidthsJob(): Promise<void> {
  let input = "";
  for await (const chunk of process.stdin) input += String(chunk);
  const job = JSON.parse(input) as WidthsJob;
  const services = { storage: await createStorage(job), config: job, log };
  // As many pictures at once as /img resizes, each with its share of the cores (loadSharp).
  const made = await widthsInProcess(services, RESIZE_CONCURRENCY)(job.refs, new AbortController().signal);
  writeSync(3, String(made));
}

/** Starts everything: services, HTTP server, background work; stops gracefully on SIGTERM/SIGINT
 * (lib/shutdown.ts). */
export async function startServer(options: AppOptions): Promise<{ server: Server; services: Services }> {
  const config = loadConfig();
  if (!options.viteDevServer && (await needsFirstRun(config))) await runFirstRun(import.meta.url);
  const services = await createServices(config, options.areas);
  const stopNotifications = await services.contentVersion.listen(services.database);
  const areaJobs = options.areas.jobs.map((start) => start(services));
  const outbox = await startOutbox(services);
  const mediaSweep = startMediaSweep(services);
  // In development the server module is not a file Node can load: widths are made in this process.
  const pictures = config.pictureWidthsAhead
    ? startPictureVariants(services, {
        make: options.viteDevServer ? undefined : widthsInChildProcess(import.meta.url, config),
      })
    : undefined;
  const backups = startScheduledBackups(services);
  const lifecycle = new HttpLifecycle();
  const app = createApp(services, { ...options, lifecycle, pictures });
  const server = await new Promise<Server>((resolve) => {
    const s = config.host
      ? app.listen(config.port, config.host, () => resolve(s))
      : app.listen(config.port, () => resolve(s));
  });
  // Longer than a proxy's idle timeout in front: the proxy closes an idle connection first.
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  lifecycle.attach(server);
  services.log.info({ url: `http://${config.host ?? "localhost"}:${config.port}` }, "Server ready");
  releaseMemoryWhenIdle(server);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      services.log.warn({ signal }, "Second signal: stopping at once");
      process.exit(1);
    }
    stopping = true;
    services.log.info({ signal }, "Shutting down");
    await shutdown(
      {
        markDraining: () => lifecycle.markDraining(),
        handOff: () => lifecycle.handOff(),
        // Idle connections are left to a proxy's pool to close (it may be writing on one right now);
        // Ctrl-C ends them at once.
        closeServer: () => lifecycle.close(server, { keepIdle: signal !== "SIGINT" }),
        destroyConnections: () => server.closeAllConnections(),
        stopBackgroundJobs: async (graceMs) => {
          await Promise.all([
            ...areaJobs.map((job) => job?.stop({ graceMs })),
            outbox?.stop({ graceMs }),
            mediaSweep.stop(),
            pictures?.stop(),
            backups?.stop(),
          ]);
        },
        stopNotifications,
        closeDatabase: () => services.database.close(),
      },
      {
        // Ctrl-C in a terminal has no balancer to tell: no drain period.
        drainMs: signal === "SIGINT" ? 0 : config.shutdownDrainMs,
        timeoutMs: config.shutdownTimeoutMs,
        log: services.log,
      },
    );
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  return { server, services };
}
