// From wishes to the planogram, on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL): an
// installation's page lists the products its users suggested with their votes; the staff plan a swap
// (a slot of its layout → a catalogue product), then mark it done (the layout updated with the product as
// it is now, the history and the activity log written, in one transaction) or cancel it; bad input and
// stale clicks are refused in French with nothing changed; the machine's public page then says
// « Nouveau dans cette machine » for 30 days.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteProduct, insertProduct, updateProduct } from "../../app/features/catalogue/products.server";
import { insertMachine } from "../../app/features/machines/store.server";
import { getInstallation, insertInstallation } from "../../app/features/installations/store.server";
import { activityLog, installations, installationSwaps, productVotes } from "../../server/db/schema";
import { documentPost } from "../support/document-post";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
let machineId: string;
const ids: Record<"chips" | "barre" | "eau", string> = { chips: "", barre: "", eau: "" };
const grid = { rows: 2, cols: 3, position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };

beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.login();
  const db = app.db();
  const machine = await insertMachine(db, {
    nom: "Boréal Élégance",
    description: "Une machine élégante.",
    images: ["/media/machine-images/chassis-test.jpg"],
    grid_sections: [grid],
  });
  machineId = machine!.id;
  ids.chips = (await insertProduct(db, { nom: "Chips au vinaigre", prix: 2, image: "/placeholder.svg" })).id;
  ids.barre = (await insertProduct(db, { nom: "Barre tendre aux bleuets", prix: 1.75, image: "/placeholder.svg" })).id;
  ids.eau = (await insertProduct(db, { nom: "Eau pétillante", prix: 1.5, image: "/placeholder.svg" })).id;
});

afterAll(async () => {
  await app?.close();
});

beforeEach(async () => {
  await app.db().delete(installations);
  await app.db().delete(activityLog);
});

/** An installed machine with chips in section 1, slot 3 (stored 0:2). */
async function installed() {
  const db = app.db();
  const row = await insertInstallation(
    db,
    {
      client_name: "Garage Bélanger",
      address: "12, rue des Érables, Lévis",
      contact_name: "Hélène Bélanger",
      contact_phone: "",
      contact_email: "",
      machine_id: machineId,
      machine_name: "Boréal Élégance",
      sections: [grid],
      slots: [
        {
          section: 0,
          slot: 2,
          product_id: ids.chips,
          product_name: "Chips au vinaigre",
          product_price: 2,
          product_image: "/placeholder.svg",
        },
      ],
      planned_for: null,
    },
    "test",
  );
  await db.update(installations).set({ status: "installee" }).where(eq(installations.id, row.id));
  return row;
}

const post = (id: string, fields: Record<string, string>, as = cookie) =>
  app.fetch(`/edit-installations/${id}`, {
    method: "POST",
    headers: as ? { cookie: as } : {},
    body: new URLSearchParams({ id, ...fields }),
  });
const plan = (id: string, emplacement: string, productId: string) =>
  post(id, { intent: "prevoir-echange", emplacement, product_id: productId });
const page = async (path: string) => (await app.fetch(path, { headers: { cookie } })).text();
const swaps = () => app.db().select().from(installationSwaps);

/** `count` votes for a product (or a typed name) at an installation, from as many people. */
async function votes(installationId: string, name: string, productId: string | null, count: number) {
  for (let i = 0; i < count; i += 1)
    await app
      .db()
      .insert(productVotes)
      .values({
        installation_id: installationId,
        product_id: productId,
        product_name: name,
        day: "2026-12-0" + (i + 1),
        voter_hash: `${name}-${i}`,
      });
}

describe("the products its users suggested", () => {
  it("are listed with their votes, the most wanted first, with 'Prévoir' for a catalogue product", async () => {
    const row = await installed();
    await votes(row.id, "Barre tendre aux bleuets", ids.barre, 3);
    await votes(row.id, "Kombucha gingembre", null, 2);
    await votes(row.id, "Chips au vinaigre", ids.chips, 1);
    const html = await page(`/edit-installations/${row.id}`);
    expect(html).toContain("Produits suggérés");
    const order = ["Barre tendre aux bleuets", "Kombucha gingembre", "Chips au vinaigre"].map((n) =>
      html.indexOf(`>${n}<`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain("3 votes");
    expect(html).toContain("dernier vote le 3\u00a0décembre\u00a02026");
    // One click picks a catalogue product for a swap; a typed name is searched in the catalogue.
    expect(html).toContain(`href="/edit-installations/${row.id}?produit=${ids.barre}#echange"`);
    expect(html).toContain("hors catalogue");
    expect(html).toContain(`href="/edit-installations/${row.id}?recherche=Kombucha+gingembre#echange"`);
    expect(html).toContain("Dans la machine");
  });

  it("open the swap form with the product chosen, or a catalogue search, without JavaScript", async () => {
    const row = await installed();
    const chosen = await page(`/edit-installations/${row.id}?produit=${ids.barre}`);
    expect(chosen).toContain('data-testid="swap-product">Barre tendre aux bleuets<');
    expect(chosen).toContain('name="emplacement"');
    expect(chosen).toContain("Emplacement 3 — Chips au vinaigre");
    expect(chosen).toContain("Emplacement 1 — vide");
    const found = await page(`/edit-installations/${row.id}?recherche=petillante`);
    expect(found).toContain("Choisir Eau pétillante");
    expect(found).toContain(`?produit=${ids.eau}#echange`);
  });
});

describe("a swap", () => {
  it("is planned, then marked done: the layout gets the product as it is now, with its history", async () => {
    const row = await installed();
    const planned = await plan(row.id, "0:2", ids.barre);
    expect(planned.status).toBe(200);
    expect(await planned.text()).toContain("Échange prévu pour la prochaine visite");
    const [swap] = await swaps();
    expect(swap).toMatchObject({
      installation_id: row.id,
      section: 0,
      slot: 2,
      product_id: ids.barre,
      product_name: "Barre tendre aux bleuets",
      replaced_name: "Chips au vinaigre",
      account: TEST_ADMIN.username,
      done_at: null,
    });
    const html = await page(`/edit-installations/${row.id}`);
    expect(html).toContain("Échanges prévus");
    expect(html).toContain("Section 1, emplacement 3");
    expect(html).toContain("Marquer fait");
    // Planned, not done: the layout is unchanged.
    expect((await getInstallation(app.db(), row.id))!.slots[0]!.product_id).toBe(ids.chips);

    // The catalogue's price changed since: the layout takes today's.
    await updateProduct(app.db(), ids.barre, { prix: 1.95 });
    const done = await post(row.id, { intent: "echange-fait", swap_id: swap!.id });
    expect(done.status).toBe(200);
    const after = await getInstallation(app.db(), row.id);
    expect(after!.slots).toEqual([
      {
        section: 0,
        slot: 2,
        product_id: ids.barre,
        product_name: "Barre tendre aux bleuets",
        product_price: 1.95,
        product_image: "/placeholder.svg",
      },
    ]);
    expect(after!.events.at(-1)).toMatchObject({
      kind: "echange",
      summary: "Échange fait : section 1, emplacement 3 — Chips au vinaigre → Barre tendre aux bleuets",
      account: TEST_ADMIN.username,
    });
    const [doneSwap] = await swaps();
    expect(doneSwap!.done_at).toBeInstanceOf(Date);
    expect(doneSwap!.product_price).toBe(1.95);
    const lines = await app.db().select().from(activityLog).orderBy(desc(activityLog.at));
    expect(lines.map((l) => [l.area, l.action])).toEqual([
      ["Parc installé", "echange-fait"],
      ["Parc installé", "prevoir-echange"],
    ]);
    expect(lines[0]!.summary).toContain(`Garage Bélanger (${row.code}) : échange fait`);
    expect(lines[1]!.summary).toContain("échange prévu, section 1, emplacement 3");
    const page2 = await page(`/edit-installations/${row.id}`);
    expect(page2).toContain("Aucun échange prévu pour la prochaine visite.");
    expect(page2).toContain("Échange fait\u00a0: section 1, emplacement 3");
    await updateProduct(app.db(), ids.barre, { prix: 1.75 });
  });

  it("fills an empty slot, and is cancelled before it is done", async () => {
    const row = await installed();
    expect((await plan(row.id, "0:0", ids.eau)).status).toBe(200);
    const [swap] = await swaps();
    expect(swap!.replaced_name).toBeNull();
    const cancelled = await post(row.id, { intent: "annuler-echange", swap_id: swap!.id });
    expect(cancelled.status).toBe(200);
    expect(await swaps()).toEqual([]);
    expect((await getInstallation(app.db(), row.id))!.events.map((e) => e.kind)).toEqual(["creation"]);
    const again = await post(row.id, { intent: "annuler-echange", swap_id: swap!.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Cet échange a été annulé ou n'existe plus");

    expect((await plan(row.id, "0:0", ids.eau)).status).toBe(200);
    const [next] = await swaps();
    expect((await post(row.id, { intent: "echange-fait", swap_id: next!.id })).status).toBe(200);
    expect((await getInstallation(app.db(), row.id))!.slots.map((s) => [s.section, s.slot, s.product_name])).toEqual([
      [0, 0, "Eau pétillante"],
      [0, 2, "Chips au vinaigre"],
    ]);
    const history = (await getInstallation(app.db(), row.id))!.events.at(-1)!.summary;
    expect(history).toBe("Échange fait : section 1, emplacement 1 — vide → Eau pétillante");
  });

  it("refuses a bad slot, a product gone, a slot already planned and a swap done twice, with nothing changed", async () => {
    const row = await installed();
    const refused = async (response: Response, status: number, message: string) => {
      expect(response.status, message).toBe(status);
      expect(await response.text(), message).toContain(message);
    };
    await refused(await plan(row.id, "0:6", ids.barre), 409, "Cet emplacement n'existe pas dans la disposition");
    await refused(await plan(row.id, "1:0", ids.barre), 409, "Cet emplacement n'existe pas dans la disposition");
    await refused(await plan(row.id, "", ids.barre), 400, "Choisissez l'emplacement à changer.");
    await refused(await plan(row.id, "0:1", ""), 400, "Choisissez le produit à mettre dans la machine.");
    await refused(
      await plan(row.id, "0:1", "00000000-0000-4000-8000-000000000000"),
      409,
      "Ce produit n'est plus au catalogue",
    );
    await refused(await plan(row.id, "0:2", ids.chips), 409, "Ce produit est déjà à cet emplacement");
    await refused(
      await plan("00000000-0000-4000-8000-000000000000", "0:1", ids.barre),
      404,
      "Cette installation n'existe plus.",
    );
    expect(await swaps()).toEqual([]);

    expect((await plan(row.id, "0:2", ids.barre)).status).toBe(200);
    await refused(await plan(row.id, "0:2", ids.eau), 409, "Un échange est déjà prévu pour cet emplacement");
    const [swap] = await swaps();
    expect((await post(row.id, { intent: "echange-fait", swap_id: swap!.id })).status).toBe(200);
    const before = await getInstallation(app.db(), row.id);
    await refused(await post(row.id, { intent: "echange-fait", swap_id: swap!.id }), 409, "Cet échange est déjà fait");
    await refused(
      await post(row.id, { intent: "annuler-echange", swap_id: swap!.id }),
      409,
      "Cet échange est déjà fait",
    );
    // Another installation's swap is not this one's.
    const other = await installed();
    await refused(
      await post(other.id, { intent: "echange-fait", swap_id: swap!.id }),
      409,
      "Cet échange a été annulé ou n'existe plus",
    );
    expect(await getInstallation(app.db(), row.id)).toEqual(before);
    expect((await app.db().select().from(activityLog)).map((l) => l.action).sort()).toEqual([
      "echange-fait",
      "prevoir-echange",
    ]);
  });

  it("is not done once its product has left the catalogue, nor at a retired machine", async () => {
    const row = await installed();
    const gone = await insertProduct(app.db(), { nom: "Gomme à la menthe", prix: 1, image: "/placeholder.svg" });
    expect((await plan(row.id, "0:1", gone.id)).status).toBe(200);
    await deleteProduct(app.db(), gone.id);
    const [swap] = await swaps();
    const before = await getInstallation(app.db(), row.id);
    const refused = await post(row.id, { intent: "echange-fait", swap_id: swap!.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Le produit de cet échange n'est plus au catalogue");
    expect(await getInstallation(app.db(), row.id)).toEqual(before);
    expect((await swaps())[0]!.done_at).toBeNull();

    await app.db().update(installations).set({ status: "retiree" }).where(eq(installations.id, row.id));
    const retired = await plan(row.id, "0:0", ids.eau);
    expect(retired.status).toBe(409);
    expect(await retired.text()).toContain("Cette machine est retirée");
  });

  it("without JavaScript, is planned and lands back on the installation's page with its toast", async () => {
    const row = await installed();
    const answer = await documentPost(
      app.url,
      `/edit-installations/${row.id}`,
      cookie,
      new URLSearchParams({ intent: "prevoir-echange", id: row.id, emplacement: "0:4", product_id: ids.barre }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/edit-installations/${row.id}`);
    expect(answer.flash).not.toBe("");
    expect(await swaps()).toHaveLength(1);
  });

  it("is refused to a visitor who is not signed in", async () => {
    const row = await installed();
    expect(
      (await post(row.id, { intent: "prevoir-echange", emplacement: "0:1", product_id: ids.eau }, "")).status,
    ).toBe(401);
    expect(await swaps()).toEqual([]);
  });
});

describe("the machine's public page", () => {
  it("says « Nouveau dans cette machine » for 30 days after a swap, while the product is still there", async () => {
    const row = await installed();
    const publicPage = async () => (await app.fetch(`/m/${row.code}`)).text();
    expect(await publicPage()).not.toContain("Nouveau dans cette machine");
    for (const [slot, product] of [
      ["0:2", ids.barre],
      ["0:0", ids.eau],
    ] as const)
      expect((await plan(row.id, slot, product)).status).toBe(200);
    // Planned is not new yet.
    expect(await publicPage()).not.toContain("Nouveau dans cette machine");
    for (const swap of await swaps()) await post(row.id, { intent: "echange-fait", swap_id: swap.id });
    const html = await publicPage();
    expect(html).toContain("Nouveau dans cette machine\u00a0:");
    expect(html).toMatch(/(Eau pétillante et Barre tendre aux bleuets|Barre tendre aux bleuets et Eau pétillante)\./);
    expect(html).toContain(">Nouveau<");

    // The water was swapped out again: only the bar is new.
    expect((await plan(row.id, "0:0", ids.chips)).status).toBe(200);
    const [again] = (await swaps()).filter((s) => !s.done_at);
    await post(row.id, { intent: "echange-fait", swap_id: again!.id });
    const later = await publicPage();
    expect(later).toContain("Nouveau dans cette machine\u00a0:");
    expect(later).not.toMatch(/Nouveau dans cette machine[^<]*<\/strong>[^<]*Eau pétillante/);

    // 31 days later nothing is new any more. Written past the app, the change reaches its page cache by
    // the database's notification, which may come a moment after the write.
    await app
      .db()
      .update(installationSwaps)
      .set({ done_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(installationSwaps.installation_id, row.id));
    await expect.poll(publicPage, { timeout: 5000 }).not.toContain("Nouveau dans cette machine");
  });
});
