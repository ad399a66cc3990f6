// Every action answers a post it cannot read with 400 and a French message, never 500 (issue 53, point
// 8): an unknown intent, no intent, and bodies that are not forms at all, on every staff screen (signed
// in) and every public form. The client's proposal page is tested with its own area.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests, machines } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
let requestId: string;
let machineId: string;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", CONTACT_RATE_LIMIT: "off" });
  cookie = await app.login();
  const [request] = await app
    .db()
    .insert(contactRequests)
    .values({
      nom_complet: "Julie Gagnon",
      courriel: "julie@exemple.ca",
      description_demande: "Une distributrice.",
      timestamp: new Date().toISOString(),
      status: "pending",
    })
    .returning();
  requestId = request!.id;
  const [machine] = await app.db().select({ id: machines.id }).from(machines).limit(1);
  machineId = String(machine?.id ?? 1); // the action reads the intent before the machine
}, 300_000);
afterAll(() => app?.close());

const STAFF = () => [
  "/edit",
  "/edit-products",
  "/edit-machines",
  "/edit-gallery",
  "/edit-demandes",
  `/edit-demandes/${requestId}`,
  "/edit-propositions",
  "/edit-pages",
  "/edit-redirects",
  `/creer-machine/${machineId}`,
];
const PUBLIC = ["/contact", "/login"];

const BODIES: [string, () => RequestInit][] = [
  ["an unknown intent", () => ({ body: new URLSearchParams({ intent: "n-existe-pas", id: requestId }) })],
  ["no intent", () => ({ body: new URLSearchParams({ id: requestId }) })],
  ["an empty body", () => ({ body: "", headers: { "content-type": "application/x-www-form-urlencoded" } })],
  [
    "a broken multipart body",
    () => ({ body: "--x\r\nnot a part", headers: { "content-type": "multipart/form-data; boundary=x" } }),
  ],
  [
    "a multipart body without boundary",
    () => ({ body: "intent=x", headers: { "content-type": "multipart/form-data" } }),
  ],
  ["JSON", () => ({ body: '{"intent":"n-existe-pas"}', headers: { "content-type": "application/json" } })],
  ["no content type", () => ({ body: new Blob(["intent=n-existe-pas"]) })],
];

async function post(path: string, init: RequestInit, signedIn: boolean) {
  const headers = new Headers(init.headers);
  if (signedIn) headers.set("cookie", cookie);
  const response = await app.fetch(path, { method: "POST", ...init, headers });
  return { status: response.status, text: await response.text() };
}

describe("a post an action cannot read", () => {
  it("answers 400 on every staff screen (signed in) and every public form, never 500", async () => {
    const answers: string[] = [];
    for (const path of [...STAFF(), ...PUBLIC]) {
      for (const [name, body] of BODIES) {
        // As the app's fetchers post (.data) and as a page's form posts without JavaScript.
        for (const target of [`${path}.data`, path]) {
          const answer = await post(target, body(), STAFF().includes(path));
          answers.push(`${target}, ${name}: ${answer.status}`);
          expect(answer.text, `${target}, ${name}`).not.toBe("");
        }
      }
    }
    expect(answers.filter((line) => !line.endsWith(": 400"))).toEqual([]);
  }, 600_000);

  it("says why in French when the body is not a form", async () => {
    const answer = await post(
      "/edit-propositions.data",
      { body: '{"intent":"resend"}', headers: { "content-type": "application/json" } },
      true,
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Ce formulaire n'a pas pu être lu.");
  }, 60_000);

  it("signed out, the staff screens still answer 401 and change nothing", async () => {
    for (const path of STAFF()) {
      const answer = await post(`${path}.data`, { body: new URLSearchParams({ intent: "n-existe-pas" }) }, false);
      expect(answer.status, path).toBe(401);
    }
  }, 300_000);
});
