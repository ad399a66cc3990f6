import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { scriptsLastStream, startAppAfterFirstPaint } from "./scripts-last";
import { START_AFTER_FIRST_PAINT_SOURCE } from "../../app/lib/app-start/start-after-first-paint";

const appCode = 'import "/assets/a.js";\nwindow.m = {"x":"</div>"};';
const shell =
  '<html><head><title>Café</title><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><style>p{}</style></head><body><main>Bienvenue à Québec</main>' +
  `<script nonce="n">window.x=1</script><script nonce="n" type="module" async="">${appCode}</script>`;
const rest = '<script nonce="n">window.y=2</script><div hidden>suite déférée</div></body></html>';

/** What the bootstrap script passes to its start function; the app code is read from its inert element. */
function bootstrapArguments(html: string): { hrefs: string[]; code: string; stylesheet: string | null } {
  const call =
    /<script type="text\/plain" id="app-module">(.*?)<\/script><script nonce="n">\(function startAfterFirstPaint\(.*\}\)\((\[.*?\]),document\.getElementById\("app-module"\)\.textContent,document\.currentScript\.nonce,(null|".*?"),\(href\) => import\(href\)\)<\/script>/s.exec(
      html,
    );
  if (!call) throw new Error("no bootstrap script");
  return {
    hrefs: JSON.parse(call[2]!) as string[],
    code: call[1]!,
    stylesheet: JSON.parse(call[3]!) as string | null,
  };
}

describe("the start-up program", () => {
  it("runs on its own: adds the preloads, then the stylesheet and each module in a task of its own, then runs the app's code with the nonce", async () => {
    type Element = Record<string, unknown> & { onload?: () => void };
    const head: Element[] = [];
    const body: Element[] = [];
    const timers: (() => void)[] = [];
    const imported: string[] = [];
    const context = {
      document: {
        createElement: (tag: string): Element => ({ tag }),
        head: { appendChild: (element: Element) => head.push(element) },
        body: { appendChild: (element: Element) => body.push(element) },
      },
      PerformanceObserver: { supportedEntryTypes: [] }, // no paint timing: starts after the next frame
      requestAnimationFrame: (run: () => void) => timers.push(run),
      setTimeout: (run: () => void, ms?: number) => (ms === 3000 ? undefined : timers.push(run)),
      Promise,
    };
    const program = runInNewContext(START_AFTER_FIRST_PAINT_SOURCE, context) as (...args: unknown[]) => void;
    // The second import fails: the program goes on (the app's code reports it when it imports it).
    const importModule = (href: string) => {
      imported.push(href);
      return href.endsWith("a.js") ? Promise.resolve({}) : Promise.reject(new Error("réseau"));
    };
    /** Runs the tasks queued so far, each after the promises before it have settled. */
    const nextTasks = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      timers.splice(0).forEach((run) => run());
    };
    const settle = async () => {
      for (let turn = 0; turn < 20; turn++) await nextTasks();
    };
    program(
      ["/assets/entry.js", "/assets/a.js", "/assets/b.js"],
      "import '/assets/a.js'",
      "n0nce",
      "/assets/app.css",
      importModule,
    );
    await nextTasks(); // the frame after the first paint
    await nextTasks(); // the start: the preloads go out together, nothing else in that task
    expect(head.map((element) => element.rel)).toEqual(["modulepreload", "modulepreload", "modulepreload"]);
    expect(imported).toEqual([]);
    await settle();
    expect(head.map((element) => [element.rel, element.href])).toEqual([
      ["modulepreload", "/assets/entry.js"],
      ["modulepreload", "/assets/a.js"],
      ["modulepreload", "/assets/b.js"],
      ["stylesheet", "/assets/app.css"],
    ]);
    // Every module but the entry (which starts React), in order; the app waits for the stylesheet.
    expect(imported).toEqual(["/assets/a.js", "/assets/b.js"]);
    expect(body).toHaveLength(0);
    head[3]!.onload!();
    await settle();
    expect(body).toEqual([{ tag: "script", type: "module", nonce: "n0nce", textContent: "import '/assets/a.js'" }]);
  });
});

describe("app start after the first paint", () => {
  const out = startAppAfterFirstPaint(Buffer.from(shell + rest)).toString();

  it("takes the module preloads and the module script out of the page", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain(
      '<head><title>Café</title><style>p{}</style></head><body><main>Bienvenue à Québec</main><script nonce="n">window.x=1</script>',
    );
    expect(out.endsWith(rest)).toBe(true);
  });

  it("puts back one script, with the page's nonce, that carries every preload and the app code unchanged", () => {
    expect(bootstrapArguments(out)).toEqual({
      hrefs: ["/assets/a.js", "/assets/b.js"],
      code: appCode,
      stylesheet: null,
    });
  });

  it("passes on the whole stylesheet to add before the app starts", () => {
    const withSheet = startAppAfterFirstPaint(Buffer.from(shell), { stylesheetUrl: "/assets/app-1.css" }).toString();
    expect(bootstrapArguments(withSheet).stylesheet).toBe("/assets/app-1.css");
  });

  it("keeps the app code in an element that does not run, unchanged", () => {
    expect(out.match(/<\/script>/g)).toHaveLength(4);
    expect(out).toContain(`<script type="text/plain" id="app-module">${appCode}</script>`);
  });

  it("leaves a document without a complete module script alone", () => {
    const plain = '<head><link rel="modulepreload" href="/a.js"/></head><body>Erreur</body>';
    expect(startAppAfterFirstPaint(Buffer.from(plain)).toString()).toBe(plain);
    expect(startAppAfterFirstPaint(Buffer.from(shell.slice(0, -9))).toString()).toBe(shell.slice(0, -9));
  });

  it("does the same on a stream cut anywhere, even inside a tag or an accented letter, and passes the rest through", async () => {
    const bytes = Buffer.from(shell + rest);
    for (const size of [1, 3, 7, 64, 4096]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await text(Readable.from(chunks).pipe(scriptsLastStream()))).toBe(out);
    }
  });

  it("passes a stream without a module script through unchanged", async () => {
    const page = "<html><body>Fichier introuvable.</body></html>";
    expect(await text(Readable.from([Buffer.from(page)]).pipe(scriptsLastStream()))).toBe(page);
  });

  it("passes on each go of writes as one chunk, the shell and each later go through the styles step", async () => {
    const styles = {
      shell: (html: Buffer) =>
        Buffer.from(html.toString().replace("<style>p{}</style>", "<style>p{color:red}</style>")),
      later: (html: Buffer) => Buffer.concat([Buffer.from("<style>.later{}</style>"), html]),
    };
    const stream = scriptsLastStream({ styles });
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    const write = (html: string, size: number) => {
      for (let at = 0; at < html.length; at += size) stream.write(Buffer.from(html.slice(at, at + size)));
    };
    write(shell + '<div class="a">', 5); // the shell, then the start of what React wrote with it
    write("suite</div>", 4);
    await new Promise((resolve) => setImmediate(resolve));
    write(rest, 6); // a boundary streamed later
    await new Promise((resolve) => setImmediate(resolve));
    stream.end();
    await ended;
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toContain("<style>p{color:red}</style>");
    expect(chunks[0]).not.toMatch(/<script[^>]*type="module"/);
    expect(chunks[0]!.endsWith('<div class="a">suite</div>')).toBe(true);
    expect(chunks[1]).toBe(`<style>.later{}</style>${rest}`);
  });
});
