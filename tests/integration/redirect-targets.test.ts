// A redirect never leads off the site (issue 53, point 4), on the built app (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): the audit's targets are refused with a French message and nothing is stored; a
// bad row already stored is never answered with a Location to another site.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { redirects } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.login();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.db().delete(redirects);
});

const add = async (from: string, to: string) => {
  const response = await app.fetch("/edit-redirects.data", {
    method: "POST",
    body: new URLSearchParams({ intent: "add", from, to }),
    headers: { cookie },
  });
  return { status: response.status, text: await response.text() };
};

describe("redirect targets", () => {
  it.each([
    "/.//evil.example/x",
    "/..//evil.example/x",
    "/%2e//evil.example/x",
    "/%2e%2e//evil.example/x",
    "/%2f%2fevil.example/x",
    "/.\\evil.example/x",
    "/\\\\evil.example/x",
    "/%5c%5cevil.example/x",
    "/\t/evil.example/x",
  ])("%j is refused with a French message, and nothing is stored", async (target) => {
    const refused = await add("/x", target);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Une redirection mène à une page de ce site");
    expect(await app.db().select().from(redirects)).toHaveLength(0);
    const visit = await app.fetch("/x");
    expect(visit.status).toBe(404);
    expect(visit.headers.get("location")).toBeNull();
  });

  it("a same-site target with dot segments is stored normalised and served", async () => {
    expect((await add("/x", "/a/../notre-offre")).status).toBe(200);
    expect((await app.db().select().from(redirects)).map((r) => r.to_path)).toEqual(["/notre-offre"]);
    const moved = await app.fetch("/x");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/notre-offre");
  });

  it("a bad row stored before the check is never answered with a Location to another site", async () => {
    await app
      .db()
      .insert(redirects)
      .values([
        { from_key: "/x", to_path: "//evil.example/x" },
        { from_key: "/y", to_path: "/\\evil.example/y" },
        { from_key: "/z", to_path: "/notre-offre" },
      ]);
    for (const path of ["/x", "/y", "/x?a=1"]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location"), path).toBeNull();
    }
    // The others still work.
    expect((await app.fetch("/z")).headers.get("location")).toBe("/notre-offre");
  });
});
