// Scripts after the first paint. React places the module preloads of <Scripts> at the top of <head>
// and starts the app with an inline module script, so a phone spends its first round trips on ~140 KB
// of JavaScript that the page does not need to be read: it is fully rendered on the server and works
// before hydration (real links, forms that post). This transform takes the preloads and the module
// script out of the streamed HTML and puts back one small script that adds them once the browser has
// painted the page: text, styles, fonts and the first images get the link first, then the app starts.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const APP_MODULE_SCRIPT = /<script([^>]*)\stype="module"[^>]*>/;
const SCRIPT_END = "</script>";
const NONCE = /\snonce="([^"]*)"/;
const TAG_OVERLAP = 256;

// Runs at the end of the shell. The app starts once the browser reports its first contentful paint
// (paint timing), after the frame it waits for where that is not supported, and after 3 s at the latest
// in case no paint is reported. Then the preloads go out together (no request waterfall) and the app
// module script runs.
const START_AFTER_FIRST_PAINT = `(function(hrefs,code,nonce){var started=false;function start(){if(started)return;started=true;\
hrefs.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});\
var script=document.createElement("script");script.type="module";script.nonce=nonce;script.textContent=code;document.body.appendChild(script)}\
setTimeout(start,3000);\
if((PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return requestAnimationFrame(function(){setTimeout(start)});\
new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true})})`;

/** A value as JavaScript source that is safe inside a <script> element. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Rewrites a shell that holds the whole app module script: its module preloads and the module script
 * become one classic script that adds them after the first paint. Anything else is returned unchanged. */
export function startAppAfterFirstPaint(shell: string): string {
  const start = APP_MODULE_SCRIPT.exec(shell);
  if (!start) return shell;
  const codeStart = start.index + start[0].length;
  const codeEnd = shell.indexOf(SCRIPT_END, codeStart);
  if (codeEnd === -1) return shell;
  const before = shell.slice(0, start.index);
  const hrefs = [...before.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const nonce = NONCE.exec(start[1]!)?.[1];
  const code = shell.slice(codeStart, codeEnd);
  const call = `${START_AFTER_FIRST_PAINT}(${scriptLiteral(hrefs)},${scriptLiteral(code)},document.currentScript.nonce)`;
  const bootstrap = `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${call}</script>`;
  return before.replace(MODULE_PRELOAD, "") + bootstrap + shell.slice(codeEnd + SCRIPT_END.length);
}

/** The same on a streamed HTML document: holds the text back until the app module script has ended
 * (React writes the whole shell at once, so nothing waits), then passes everything through untouched. */
export function scriptsLastStream(): Transform {
  // Decoded as text throughout: a chunk may end in the middle of a multi-byte character ('é').
  const decoder = new StringDecoder("utf8");
  const held: string[] = [];
  let tail = "";
  let shell: string | undefined; // set once the module script has started
  let moduleAt = 0;
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      if (done) return callback(null, text);
      if (shell === undefined) {
        held.push(text);
        // Only the new text and the end of the previous one can complete the start tag.
        const recent = tail + text;
        tail = recent.slice(-TAG_OVERLAP);
        if (!APP_MODULE_SCRIPT.test(recent)) return callback();
        shell = held.join("");
        held.length = 0;
        moduleAt = shell.search(APP_MODULE_SCRIPT);
      } else {
        shell += text;
      }
      if (!shell.includes(SCRIPT_END, moduleAt)) return callback();
      done = true;
      callback(null, startAppAfterFirstPaint(shell));
      shell = undefined;
    },
    flush(callback) {
      const rest = (shell ?? held.join("")) + decoder.end();
      callback(null, rest || undefined);
    },
  });
}
