import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { movePreloadsBeforeModuleScript, scriptsLastStream } from "./scripts-last.server";

const shell =
  '<html><head><title>Café</title><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><style>p{}</style></head><body><main>Bienvenue à Québec</main>' +
  '<script nonce="n">window.x=1</script><script nonce="n" type="module" async="">import "/assets/a.js";</script>';
const expected =
  '<html><head><title>Café</title><style>p{}</style></head><body><main>Bienvenue à Québec</main>' +
  '<script nonce="n">window.x=1</script><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><script nonce="n" type="module" async="">import "/assets/a.js";</script>';

describe("scripts after content", () => {
  it("moves the module preloads from the head to just before the module script", () => {
    expect(movePreloadsBeforeModuleScript(shell)).toBe(expected);
  });

  it("leaves a document without a module script alone", () => {
    const plain = '<head><link rel="modulepreload" href="/a.js"/></head><body>Erreur</body>';
    expect(movePreloadsBeforeModuleScript(plain)).toBe(plain);
  });

  it("does the same on a stream cut anywhere, even inside a tag or an accented letter, and passes the rest through", async () => {
    const bytes = Buffer.from(shell + "<div hidden>suite déférée</div></body></html>");
    for (const size of [1, 3, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const out = await text(Readable.from(chunks).pipe(scriptsLastStream()));
      expect(out).toBe(expected + "<div hidden>suite déférée</div></body></html>");
    }
  });
});
