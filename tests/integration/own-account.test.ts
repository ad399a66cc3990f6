// 'Mon compte': a person sees the sessions open in their name (the device each was opened on, this one
// marked) and changes their password, which ends every other session and keeps this one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 300_000);
afterAll(() => app?.close());

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0";

async function signIn(userAgent: string, password = TEST_ADMIN.password) {
  const response = await app.fetch("/login", {
    method: "POST",
    headers: { "user-agent": userAgent },
    body: new URLSearchParams({ username: TEST_ADMIN.username, password }),
  });
  return response.headers
    .getSetCookie()
    .find((c) => /^sid=/.test(c))
    ?.split(";")[0];
}

const change = (cookie: string, fields: Record<string, string>) =>
  app.fetch("/edit-compte.data", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ intent: "mot-de-passe", ...fields }),
  });

describe("one's own account", () => {
  it("lists the sessions by device, and a new password ends the others but this one", async () => {
    const phone = (await signIn(ANDROID))!;
    const laptop = (await signIn(MAC))!;
    const page = await (await app.fetch("/edit-compte", { headers: { cookie: phone, "user-agent": ANDROID } })).text();
    expect(page).toContain("Chrome sur Android");
    expect(page).toContain("Firefox sur Mac");
    expect(page).toContain("Cet appareil");

    const wrong = await change(phone, {
      actuel: "pas le bon",
      nouveau: "un tout nouveau secret",
      confirmation: "un tout nouveau secret",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Le mot de passe actuel n'est pas le bon.");
    const short = await change(phone, { actuel: TEST_ADMIN.password, nouveau: "court", confirmation: "court" });
    expect(short.status).toBe(400);
    expect((await app.fetch("/edit", { headers: { cookie: laptop } })).status).toBe(200);

    const done = await change(phone, {
      actuel: TEST_ADMIN.password,
      nouveau: "un tout nouveau secret",
      confirmation: "un tout nouveau secret",
    });
    expect(done.status).toBe(200);
    expect((await app.fetch("/edit", { headers: { cookie: phone } })).status).toBe(200);
    expect((await app.fetch("/edit", { headers: { cookie: laptop } })).status).toBe(404);
    expect(await signIn(MAC)).toBeUndefined();
    expect(await signIn(MAC, "un tout nouveau secret")).toBeDefined();
  });

  it("names the person as they choose, on the screens and in the journal", async () => {
    const cookie = await app.login();
    const post = (nom: string) =>
      app.fetch("/edit-compte.data", {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "nom", nom }),
      });
    expect((await post("  ")).status).toBe(400);
    expect((await post("Sophie Lavoie")).status).toBe(200);
    expect(await (await app.fetch("/edit-compte", { headers: { cookie } })).text()).toContain("Sophie Lavoie");
    expect(await (await app.fetch("/edit-journal", { headers: { cookie } })).text()).toContain("Sophie Lavoie");
  });
});
