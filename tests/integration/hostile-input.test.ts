// Generated hostile input against every public route's parameters and every public form: NUL bytes,
// control characters, invalid UTF-8, very long values, repeated parameters, huge numbers. Nothing may
// answer 5xx, and a refused form stores nothing.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests, loginAttempts, machineCategories, machines, products } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let productId: string;
let categoryId: string;
let machineId: string;

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", CONTACT_RATE_LIMIT: "off" });
  [productId, categoryId, machineId] = await Promise.all([
    app.db().insert(products).values({ nom: "Barre d'érable", description: "Croquante.", prix: 3.25 }).returning(),
    app.db().insert(machineCategories).values({ nom: "Collations" }).returning(),
    app.db().insert(machines).values({ nom: "Boréal Mini", description: "Compacte." }).returning(),
  ]).then(([[p], [c], [m]]) => [p!.id, c!.id, m!.id]);
});
afterAll(() => app?.close());

/** Percent-encoded hostile text: controls, NUL, broken UTF-8 sequences, long runs, huge numbers. */
const hostileEncoded = fc.oneof(
  fc.constantFrom("%00", "%C3%28", "%E0%A4%A", "%FF%FE", "%0D%0A", "%1B", "%7F", "%", "%%", "%2500", "%EF%BF%BF"),
  fc.constantFrom("1e400", "-1e400", "99999999999999999999999", "NaN", "-0", "0x10", "Infinity", "1.5.5"),
  fc.string({ unit: "binary", maxLength: 40 }).map(encodeURIComponent),
  fc.nat({ max: 4000 }).map((n) => "a".repeat(n)),
  fc.stringMatching(/^[a-z0-9%éÉ' -]{0,30}$/),
);
const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom("\u0000", "a\u0000b", "\uD800", "\uFFFF", "\u202E", "é".repeat(6000), "<script>x</script>"),
);

const publicPaths = () => [
  "/",
  "/galerie",
  "/notre-offre",
  "/contact",
  "/confirmation",
  "/politique-de-confidentialite",
  "/produits",
  `/produits/${productId}`,
  "/machines",
  `/machines/${categoryId}`,
  `/machines/${categoryId}/${machineId}`,
  "/login",
  "/sitemap.xml",
  "/robots.txt",
];
const knownParams = ["q", "tag", "min", "max", "top10", "page", "vue", "id", "categorie", "limite", "x"];

describe("hostile input", () => {
  it("query parameters of every public page never give 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...publicPaths()),
        fc.array(fc.tuple(fc.constantFrom(...knownParams), hostileEncoded), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (path, params, dataRequest) => {
          const query = params.map(([key, value]) => `${key}=${value}`).join("&");
          const url = `${dataRequest ? `${path === "/" ? "/_" : path}.data` : path}?${query}`;
          const response = await app.fetch(url);
          await response.arrayBuffer();
          expect(response.status, url).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a control character in a cached page's query never reaches the database (found by the property above)", async () => {
    for (const url of ["/produits?q=%00&q=1e400", "/produits?q=%00", "/produits.data?q=caf%00e"]) {
      const response = await app.fetch(url);
      await response.arrayBuffer();
      expect(response.status, url).toBe(200);
    }
  });

  it("path segments never give 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/produits/", "/machines/", `/machines/${categoryId}/`, "/creer-machine/", "/"),
        hostileEncoded,
        async (prefix, segment) => {
          const response = await app.fetch(prefix + segment.replaceAll("/", "%2F"));
          await response.arrayBuffer();
          expect(response.status, prefix + segment).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("the contact form never gives 5xx, and what it refuses is not stored", async () => {
    const fields = ["nom_complet", "courriel", "description_demande", "type_emplacement", "emplacement"] as const;
    let address = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          Object.fromEntries(fields.map((f) => [f, hostileText])) as Record<
            (typeof fields)[number],
            fc.Arbitrary<string>
          >,
        ),
        fc.constantFrom("1-14-days", "\u0000", "9".repeat(400)),
        fc.boolean(),
        async (values, date, repeat) => {
          const before = (await app.db().select({ id: contactRequests.id }).from(contactRequests)).length;
          const body = new URLSearchParams({ ...values, date_installation: date });
          if (repeat) body.append("nom_complet", "Julie Gagnon");
          const response = await app.fetch("/contact", {
            method: "POST",
            headers: { "x-forwarded-for": `198.18.${Math.floor(++address / 250)}.${address % 250}` },
            body,
          });
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
          const after = (await app.db().select({ id: contactRequests.id }).from(contactRequests)).length;
          if (response.status !== 302) expect(after).toBe(before);
          const rows = await app.db().select({ nom: contactRequests.nom_complet }).from(contactRequests);
          for (const row of rows) expect(row.nom).not.toContain("\u0000");
        },
      ),
      { numRuns: 100 },
    );
  });

  it("the login form never gives 5xx", async () => {
    let address = 0;
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (username, password) => {
        const response = await app.fetch("/login", {
          method: "POST",
          headers: { "x-forwarded-for": `198.19.${Math.floor(++address / 250)}.${address % 250}` },
          body: new URLSearchParams({ username, password }),
        });
        await response.arrayBuffer();
        expect(response.status).toBeLessThan(500);
        // The same generated username from many addresses would be slowed down on purpose (seconds).
        await app.db().delete(loginAttempts);
      }),
      { numRuns: 25 },
    );
    // Each attempt checks a password on purpose slowly (0.35 s of a core): 25 kinds of hostile text.
  }, 180_000);
});
