import { expect, type Page } from "@playwright/test";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new machine installed through the staff's screens (the e2e site seeds none), by a signed-in page:
 * entered by hand, a catalogue product in section 1, slot 1 (the first of the catalogue unless given),
 * marked installed. Its page's id, public code, client and product's name. */
export async function installedMachine(
  page: Page,
  productId?: string,
): Promise<{ id: string; code: string; client: string; product: string }> {
  const client = `Clinique ${unique()}`;
  await page.goto("/edit-installations/nouvelle");
  await page.getByLabel("Machine").selectOption({ index: 1 });
  await page.getByLabel("Entreprise du client").fill(client);
  await page.getByLabel(/^Adresse/).fill("45, rue de l'Église, Lévis");
  await page.getByLabel("Personne à joindre").fill("Marc Roy");
  await page.getByRole("button", { name: "Créer l'installation" }).click();
  await expect(page).toHaveURL(/\/edit-installations\/[0-9a-f-]{36}$/);
  // The address changes before the new page is drawn: its heading says when it is there.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(client);
  const id = /[0-9a-f-]{36}$/.exec(page.url())![0];
  const code = /BD-\w{4}/.exec((await page.locator("h1 + p").textContent())!)![0];

  const chosen =
    productId ?? /href="\/produits\/([0-9a-f-]{36})"/.exec(await (await page.request.get("/produits")).text())![1]!;
  const productPage = await (await page.request.get(`/produits/${chosen}`)).text();
  const product = /<h1[^>]*>([^<]+)<\/h1>/.exec(productPage)![1]!.trim();
  const layout = {
    sections: [{ rows: 2, cols: 3, position: { x: 50, y: 50 }, size: { width: 300, height: 400 } }],
    slots: [{ section: 0, slot: 0, productId: chosen }],
  };
  const saved = await page.request.post(`/edit-installations/${id}`, {
    form: { intent: "changer-disposition", id, layout: JSON.stringify(layout) },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);
  await page.reload();
  await page.getByRole("region", { name: "Statut" }).getByRole("button", { name: "Marquer installée" }).click();
  await expect(page.getByTestId("installation-status")).toHaveText("Installée");
  return { id, code, client, product };
}
