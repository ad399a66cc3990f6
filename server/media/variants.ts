// The standard widths of every picture the site shows, made in the background when a picture is
// stored, so that no visitor (nor a crawler fetching every srcset width at once) waits for a resize:
// after an upload at once, and for every picture a record names at start and whenever the content
// changes (an archive or legacy import, the demo seed, an edit on another instance). The copies are
// this instance's (DATA_DIR/cache/img), so each instance makes its own; one already there is kept.
// /img still makes any copy missing on request, bounded as before.
// The server makes them in a child process (widthsInChildProcess): encoding leaves freed native memory
// (libvips, glibc's arenas) that a long-lived server would carry all its life, about 100 MB for the demo.
import { spawn } from "node:child_process";
import { access } from "node:fs/promises";
import type { Readable } from "node:stream";
import { IMAGE_WIDTHS } from "../../app/rules/images";
import type { Services } from "../context";
import { resizedCopyPath, type ResizedFormat } from "./cache";
import { referencedMediaKeys } from "./references";
import { checkSource, encodeResized, keepCopies, readSource, sourceWidth } from "./resize";
import { isResizable, refKey, type MediaRef } from "./rules";

/** Formats /img serves, following the browser's Accept. */
export const VARIANT_FORMATS: readonly ResizedFormat[] = ["avif", "webp"];

/** How often the content version is checked for pictures stored elsewhere (imports, other instances). */
const VARIANTS_POLL_MS = 5000;

type VariantServices = Pick<Services, "storage" | "log"> & { config: Pick<Services["config"], "dataDir"> };

/** The standard widths of a picture that this instance's disk does not have yet. */
async function missingVariants(dataDir: string, { bucket, name }: MediaRef) {
  const targets = VARIANT_FORMATS.flatMap((format) =>
    IMAGE_WIDTHS.map((width) => ({ width, format, file: resizedCopyPath(dataDir, bucket, name, width, format) })),
  );
  const found = await Promise.all(
    targets.map((target) =>
      access(target.file).then(
        () => null,
        () => target,
      ),
    ),
  );
  return found.filter((target) => target !== null);
}

/** Makes the standard widths of one stored picture that this instance does not have yet; returns how
 * many copies it wrote. Widths above the picture's own share one encoding (never enlarged). */
async function makeMissingVariants(services: VariantServices, ref: MediaRef): Promise<number> {
  const { storage, config } = services;
  const { bucket, name } = ref;
  if (!isResizable(bucket, name)) return 0;
  const missing = await missingVariants(config.dataDir, ref);
  if (missing.length === 0) return 0;
  if (!(await checkSource(storage, bucket, name))) return 0;
  const source = await readSource(storage, bucket, name);
  if (!source) return 0;
  const fullWidth = await sourceWidth(source);
  const encoded = new Map<string, Buffer>();
  const copies: { file: string; body: Buffer }[] = [];
  for (const { width, format, file } of missing) {
    const made = Math.min(width, fullWidth);
    const key = `${made}.${format}`;
    let body = encoded.get(key);
    if (!body) {
      body = await encodeResized(source, made, format);
      encoded.set(key, body);
    }
    copies.push({ file, body });
  }
  return (await keepCopies(storage, bucket, name, copies)) ? copies.length : 0;
}

/** Makes the standard widths of some pictures, until `signal` aborts; returns how many copies it wrote. */
export type WidthsMaker = (refs: MediaRef[], signal: AbortSignal) => Promise<number>;

/** Makes them in this process, `atOnce` pictures at a time (a failed picture is logged, the rest go on). */
export function widthsInProcess(services: VariantServices, atOnce = 1): WidthsMaker {
  return async (refs, signal) => {
    const waiting = [...refs];
    let made = 0;
    const worker = async () => {
      for (let ref = waiting.shift(); ref && !signal.aborted; ref = waiting.shift()) {
        try {
          made += await makeMissingVariants(services, ref);
        } catch (error) {
          services.log.warn({ err: error, bucket: ref.bucket, name: ref.name }, "Picture widths: not made");
        }
      }
    };
    await Promise.all(Array.from({ length: atOnce }, worker));
    return made;
  };
}

/** What the child process is given on its standard input. */
export type WidthsJob = { dataDir: string; s3: Services["config"]["s3"]; refs: MediaRef[] };

/** Makes them in a child process that runs `makeWidthsJob()` of the module at `moduleUrl` (the server
 * bundle) on the job read from its standard input, and exits: its memory goes back to the system.
 * Its log goes where this process's goes; it writes the number of copies it made on file descriptor 3. */
export function widthsInChildProcess(
  moduleUrl: string,
  config: Pick<Services["config"], "dataDir" | "s3">,
): WidthsMaker {
  const code = `const { makeWidthsJob } = await import(${JSON.stringify(moduleUrl)}); await makeWidthsJob();`;
  const flags = process.execArgv.filter((flag) => flag.startsWith("--max-"));
  return (refs, signal) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [...flags, "--input-type=module", "-e", code], {
        stdio: ["pipe", "inherit", "inherit", "pipe"],
        signal,
      });
      let output = "";
      const result = child.stdio[3] as Readable;
      result.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
      child.once("error", reject);
      child.once("exit", (status) => {
        const made = Number(output);
        if (status === 0 && output !== "" && Number.isInteger(made)) resolve(made);
        else reject(new Error(`The picture widths process failed (exit code ${status}).`));
      });
      const job: WidthsJob = { dataDir: config.dataDir, s3: config.s3, refs };
      child.stdin!.on("error", () => {}); // a child that exits early says why by its exit code
      child.stdin!.end(JSON.stringify(job));
    });
}

export type PictureVariants = {
  /** A picture just stored (an upload): its widths are made next. */
  queue(ref: MediaRef): void;
  /** Resolves once the pictures named by records at start have their widths. */
  readonly firstPass: Promise<void>;
  /** The first pass is done, or `readyWaitMs` has passed since the start. */
  readonly ready: boolean;
  /** Resolves once nothing is waiting (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/** The background maker of standard widths: one batch at a time, beside /img's own resizes. */
export function startPictureVariants(
  services: Pick<Services, "storage" | "config" | "log" | "db" | "contentVersion">,
  {
    pollMs = VARIANTS_POLL_MS,
    readyWaitMs = services.config.picturesReadyWaitMs,
    make = widthsInProcess(services),
  }: { pollMs?: number; readyWaitMs?: number; make?: WidthsMaker } = {},
): PictureVariants {
  const startedAt = Date.now();
  const pending = new Map<string, MediaRef>();
  let seenVersion: number | null = null;
  let stopped = false;
  const stopping = new AbortController();
  let ready = false;
  let markReady!: () => void;
  const firstPass = new Promise<void>((resolve) => (markReady = resolve));
  let wake: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleWaiters: (() => void)[] = [];

  async function scanIfChanged() {
    const version = await services.contentVersion.current();
    if (version === seenVersion) return;
    for (const key of await referencedMediaKeys(services.db)) {
      const slash = key.indexOf("/");
      const ref = { bucket: key.slice(0, slash), name: key.slice(slash + 1) } as MediaRef;
      if (isResizable(ref.bucket, ref.name)) pending.set(key, ref);
    }
    seenVersion = version;
  }

  async function loop() {
    while (!stopped) {
      let scanned = false;
      try {
        await scanIfChanged();
        scanned = true;
      } catch (error) {
        services.log.warn({ err: error }, "Picture widths: the records could not be read");
      }
      const started = performance.now();
      // Only pictures with a width missing: a restart or an edit usually finds them all there, and
      // then starts no child.
      const waiting = [...pending.values()];
      pending.clear();
      const batch: MediaRef[] = [];
      for (const ref of waiting) {
        if ((await missingVariants(services.config.dataDir, ref)).length > 0) batch.push(ref);
      }
      let made = 0;
      if (batch.length > 0) {
        try {
          made = await make(batch, stopping.signal);
        } catch (error) {
          if (stopped) return;
          services.log.warn({ err: error, pictures: batch.length }, "Picture widths: not made");
        }
      }
      if (stopped) return;
      if (made > 0) {
        services.log.info({ copies: made, ms: Math.round(performance.now() - started) }, "Picture widths made");
      }
      if (scanned && !ready) {
        ready = true;
        markReady();
      }
      for (const resolve of idleWaiters.splice(0)) resolve();
      if (pending.size > 0 || stopped) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollMs);
        timer.unref();
      });
      wake = null;
      clearTimeout(timer);
    }
  }

  const running = loop();
  return {
    queue(ref) {
      if (!isResizable(ref.bucket, ref.name)) return;
      pending.set(refKey(ref), ref);
      wake?.();
    },
    firstPass,
    get ready() {
      return ready || Date.now() - startedAt >= readyWaitMs;
    },
    idle() {
      if (pending.size === 0 && wake) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      stopping.abort();
      wake?.();
      await running;
      for (const resolve of idleWaiters.splice(0)) resolve();
      idleWaiters = [];
    },
  };
}
