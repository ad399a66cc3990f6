// Scripts after the first paint. React places the module preloads of <Scripts> at the top of <head>
// and starts the app with an inline module script, so a phone spends its first round trips on ~140 KB
// of JavaScript that the page does not need to be read: it is fully rendered on the server and works
// before hydration (real links, forms that post). This transform takes the preloads and the module
// script out of the streamed HTML and puts back one small script that adds them once the browser has
// painted the page: text, styles, fonts and the first images get the link first, then the app starts.
//
// It works on the bytes: every marker it looks for is ASCII, and no byte of a multi-byte UTF-8
// character is ASCII, so the ~170 KB shell is never decoded and encoded again.
import { Transform } from "node:stream";
import { IMPORT_MODULE_SOURCE, START_AFTER_FIRST_PAINT_SOURCE } from "../../app/lib/app-start/start-after-first-paint";

const MODULE_TYPE = ' type="module"';
const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
const MODULE_PRELOAD = '<link rel="modulepreload"';
const HREF = /\shref="([^"]+)"/;
const NONCE = /\snonce="([^"]*)"/;
/** The inert element that holds the app's module code until it runs. */
const APP_CODE_ID = "app-module";
// Longest marker looked for across chunk boundaries.
const OVERLAP = MODULE_TYPE.length;

/** A value as JavaScript source that is safe inside a <script> element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Where the app's module script is in the shell, when it is there whole. */
function findModuleScript(shell: Buffer) {
  const typeAt = shell.indexOf(MODULE_TYPE);
  if (typeAt === -1) return null;
  const start = shell.lastIndexOf(SCRIPT_START, typeAt);
  const codeStart = shell.indexOf(">", typeAt) + 1;
  const codeEnd = codeStart === 0 ? -1 : shell.indexOf(SCRIPT_END, codeStart);
  if (start === -1 || codeEnd === -1) return null;
  return { start, codeStart, codeEnd, end: codeEnd + SCRIPT_END.length };
}

type Options = {
  /** The whole stylesheet, added after the first paint, before the app starts. */
  stylesheetUrl?: string;
};

type StreamOptions = Options & {
  /** Puts the rules of the markup in: of the shell, then of each piece streamed after it. */
  styles?: { shell(html: Buffer): Buffer; later(html: Buffer): Buffer };
  /** False leaves React's scripts where they are (the bench's comparison). */
  moveScripts?: boolean;
};

/** Rewrites a shell that holds the whole app module script: its module preloads and the module script
 * become one classic script that adds them after the first paint. Anything else is returned unchanged. */
export function startAppAfterFirstPaint(shell: Buffer, { stylesheetUrl }: Options = {}): Buffer {
  const script = findModuleScript(shell);
  if (!script) return shell;
  const parts: Buffer[] = [];
  const hrefs: string[] = [];
  let from = 0;
  for (
    let at = shell.indexOf(MODULE_PRELOAD);
    at !== -1 && at < script.start;
    at = shell.indexOf(MODULE_PRELOAD, from)
  ) {
    const end = shell.indexOf(">", at) + 1;
    const href = HREF.exec(shell.toString("utf8", at, end))?.[1];
    if (href) hrefs.push(href);
    parts.push(shell.subarray(from, at));
    from = end;
  }
  parts.push(shell.subarray(from, script.start));
  const nonce = NONCE.exec(shell.toString("utf8", script.start, script.codeStart))?.[1];
  const args = [
    scriptLiteral(hrefs),
    `document.getElementById("${APP_CODE_ID}").textContent`,
    "document.currentScript.nonce",
    scriptLiteral(stylesheetUrl ?? null),
    IMPORT_MODULE_SOURCE,
  ];
  const call = `${START_AFTER_FIRST_PAINT_SOURCE}(${args.join(",")})`;
  // The app code stays in an inert script element, as it came (it cannot close the element), where a
  // cached page's policy finds it to allow it by its hash (page-cache.ts).
  parts.push(Buffer.from(`<script type="text/plain" id="${APP_CODE_ID}">`));
  parts.push(shell.subarray(script.codeStart, script.codeEnd));
  parts.push(Buffer.from(`</script><script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${call}</script>`));
  parts.push(shell.subarray(script.end));
  return Buffer.concat(parts);
}

/** The same on a streamed HTML document. React writes its shell, and later each streamed boundary, in
 * one go of small buffers; the bytes of each go are passed on together once it is over (the next turn of
 * the event loop), so every chunk starts at a boundary of React's output and the styles step sees whole
 * markup. It also means one compression flush per go instead of one per React buffer. Nothing waits:
 * React never pauses within a go. The shell is held until the app module script has come. */
export function scriptsLastStream({ styles, moveScripts = true, ...options }: StreamOptions = {}): Transform {
  const pending: Buffer[] = [];
  let tail = Buffer.alloc(0);
  let moduleSeen = false;
  let shellComplete = false;
  let shellSent = false;
  let scheduled: NodeJS.Immediate | null = null;

  const take = (): Buffer => {
    const html = Buffer.concat(pending.splice(0));
    if (shellSent) return styles ? styles.later(html) : html;
    shellSent = true;
    const styled = styles ? styles.shell(html) : html;
    return moveScripts ? startAppAfterFirstPaint(styled, options) : styled;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!shellComplete) {
        // Only this chunk and the end of the previous one can complete a marker.
        const recent = Buffer.concat([tail, chunk]);
        tail = recent.subarray(Math.max(0, recent.length - OVERLAP));
        moduleSeen ||= recent.indexOf(MODULE_TYPE) !== -1;
        if (!moduleSeen || recent.indexOf(SCRIPT_END) === -1) return callback();
        const shell = Buffer.concat(pending.splice(0));
        pending.push(shell);
        if (!findModuleScript(shell)) return callback();
        shellComplete = true;
      }
      scheduled ??= setImmediate(() => {
        scheduled = null;
        if (pending.length > 0) this.push(take());
      });
      callback();
    },
    flush(callback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      callback(null, pending.length > 0 ? take() : undefined);
    },
  });
}
