// Scripts after content. React places the module preloads of <Scripts> at the top of <head>, so a
// phone starts downloading ~140 KB of JavaScript before the page text, and on a slow link the first
// paint waits for bandwidth the scripts took. The page is fully rendered on the server and works
// before hydration (real links, forms that post), so its scripts can come last: the preloads move to
// just before the module script that starts the app, at the end of the server-rendered shell.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const APP_MODULE_SCRIPT = /<script[^>]*\stype="module"/;
const TAG_OVERLAP = 256;

/** Moves every module preload of a complete shell to just before its first module script. A shell
 * without a module script is returned unchanged. */
export function movePreloadsBeforeModuleScript(shell: string): string {
  const at = shell.search(APP_MODULE_SCRIPT);
  if (at === -1) return shell;
  const before = shell.slice(0, at);
  const preloads = before.match(MODULE_PRELOAD);
  if (!preloads) return shell;
  return before.replace(MODULE_PRELOAD, "") + preloads.join("") + shell.slice(at);
}

/** The same on a streamed HTML document: holds the text back until the module script appears (React
 * writes the whole shell at once, so nothing waits), then passes everything through untouched. */
export function scriptsLastStream(): Transform {
  // Decoded as text throughout: a chunk may end in the middle of a multi-byte character ('é').
  const decoder = new StringDecoder("utf8");
  const held: string[] = [];
  let tail = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (done) return callback(null, text);
      held.push(text);
      // Only the new text and the end of the previous one can complete the start tag.
      const recent = tail + text;
      tail = recent.slice(-TAG_OVERLAP);
      if (!APP_MODULE_SCRIPT.test(recent)) return callback();
      done = true;
      callback(null, movePreloadsBeforeModuleScript(held.join("")));
      held.length = 0;
    },
    flush(callback) {
      const rest = held.join("") + decoder.end();
      callback(null, rest || undefined);
    },
  });
}
