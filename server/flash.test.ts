import { describe, expect, it } from "vitest";
import { clearFlashCookie, flashCookie, readFlash } from "./flash";

const requestWith = (cookie: string) => new Request("http://x/", { headers: { cookie } });
const pair = (setCookie: string) => setCookie.split(";")[0]!;

describe("flash toast cookie", () => {
  it("carries a toast to the next page, one minute at most", async () => {
    const toast = { type: "success" as const, title: "Vous êtes connecté", description: "Bon retour, à bientôt !" };
    const setCookie = await flashCookie(toast, "s3cret");
    expect(setCookie).toMatch(/Max-Age=60/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(await readFlash(requestWith(pair(setCookie)), "s3cret")).toEqual(toast);
  });

  it("ignores a toast the site did not sign: altered, signed with another secret, or unsigned", async () => {
    const setCookie = pair(await flashCookie({ type: "success", title: "Bonjour" }, "s3cret"));
    const forged = Buffer.from(JSON.stringify({ type: "error", title: "Faux" })).toString("base64");
    const signature = decodeURIComponent(setCookie).slice(decodeURIComponent(setCookie).lastIndexOf("."));
    const altered = `flash=${encodeURIComponent(forged + signature)}`;
    expect(await readFlash(requestWith(altered), "s3cret")).toBeNull();
    expect(await readFlash(requestWith(setCookie), "autre")).toBeNull();
    expect(await readFlash(requestWith(`flash=${forged}`), "s3cret")).toBeNull();
    expect(await readFlash(requestWith("other=1"), "s3cret")).toBeNull();
  });

  it("is cleared once shown", async () => {
    expect(await clearFlashCookie("s3cret")).toMatch(/^flash=.*Max-Age=0/);
  });
});
