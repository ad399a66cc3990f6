// Machine labels read back from their PDF, drawn in the PDF worker: the page sizes (A6, letter), each
// label's code, the site's phone and the invitation as text (pdftotext), and each QR code decoded from
// the page as a printer would see it (pdftoppm at 200 dpi, then zbarimg from Debian's zbar-tools) to its
// machine's public address. Then the staff's routes on the built app (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): an installation's label, a sheet of chosen ones or of every installed one, and
// nothing for a visitor.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installationLabelPath, labelSheetPath } from "../../app/features/installations/label-paths";
import { labelPdf, machineLabel } from "../../app/features/installations/label-pdf.server";
import { insertInstallation, moveInstallation } from "../../app/features/installations/store.server";
import { startTestApp, type TestApp } from "../support/server";

const SITE = { publicUrl: "https://boreal.exemple.ca", phone: "418 555-0142" };
const CODES = ["BD-7K3Q", "BD-2MX9", "BD-HT4W", "BD-ZZ22", "BD-A5C8"];
const INVITATION = "Un problème ? Une envie ? Scannez-moi.";

// Every PDF and page picture goes in one folder, removed at the end.
const work = mkdtempSync(join(tmpdir(), "labels-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function saved(pdf: Buffer): string {
  const file = join(mkdtempSync(join(work, "pdf-")), "labels.pdf");
  writeFileSync(file, pdf);
  return file;
}

/** Each page's text, its spaces (no-break ones too) as single spaces. */
function pageTexts(file: string): string[] {
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  return text
    .split("\f")
    .filter((page) => page.trim())
    .map((page) => page.replace(/\s+/g, " ").trim());
}

/** Each page's size in points, as pdfinfo gives it ('297.64 x 419.53'). */
function pageSizes(file: string): string[] {
  const info = execFileSync("pdfinfo", ["-f", "1", "-l", "1000", file], { encoding: "utf8" });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/gm)].map((match) => match[1]!);
}

/** The addresses the QR codes of each page decode to, sorted. */
function decodedPerPage(file: string): string[][] {
  const dir = mkdtempSync(join(work, "png-"));
  execFileSync("pdftoppm", ["-png", "-r", "200", file, join(dir, "page")]);
  return readdirSync(dir)
    .sort()
    .map((png) => {
      // zbarimg's complaints about a missing D-Bus are left out.
      const out = execFileSync("zbarimg", ["--raw", "-q", join(dir, png)], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
      return out.trim().split("\n").filter(Boolean).sort();
    });
}

describe("machine labels", () => {
  const labels = CODES.map((code) => machineLabel(code, SITE));

  it("address each machine's public page on the site's origin, with the phone set in French", () => {
    expect(labels[0]).toEqual({
      code: "BD-7K3Q",
      url: "https://boreal.exemple.ca/m/BD-7K3Q",
      phone: "418\u00a0555-0142",
    });
    expect(machineLabel("BD-7K3Q", { ...SITE, publicUrl: "http://localhost:3000" }).url).toBe(
      "http://localhost:3000/m/BD-7K3Q",
    );
  });

  it("print one label per A6 page: the QR code decodes to the machine's page, with its code, the phone and the invitation", async () => {
    const file = saved(await labelPdf(labels, "a6", "Boréal Distributrices"));
    expect(pageSizes(file)).toEqual(CODES.map(() => "297.64 x 419.53"));
    const texts = pageTexts(file);
    expect(texts).toHaveLength(CODES.length);
    for (const [i, code] of CODES.entries()) {
      expect(texts[i]).toContain(code);
      expect(texts[i]).toContain("418 555-0142");
      expect(texts[i]).toContain(INVITATION);
      expect(texts[i]).toContain("Boréal Distributrices");
    }
    expect(decodedPerPage(file)).toEqual(CODES.map((code) => [`https://boreal.exemple.ca/m/${code}`]));
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    expect(fonts).toMatch(/Fraunces/);
    expect(fonts).toMatch(/Inter/);
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it("print four labels per letter page, the last page holding what is left", async () => {
    const file = saved(await labelPdf(labels, "lettre", "Boréal Distributrices"));
    expect(pageSizes(file)).toEqual(["612 x 792", "612 x 792"]);
    const texts = pageTexts(file);
    expect(texts).toHaveLength(2);
    for (const [i, code] of CODES.entries()) expect(texts[Math.floor(i / 4)]).toContain(code);
    expect(texts[0]!.split(INVITATION)).toHaveLength(5);
    expect(texts[0]!.split("418 555-0142")).toHaveLength(5);
    expect(texts[1]!.split(INVITATION)).toHaveLength(2);
    const url = (code: string) => `https://boreal.exemple.ca/m/${code}`;
    expect(decodedPerPage(file)).toEqual([CODES.slice(0, 4).map(url).sort(), [url(CODES[4]!)]]);
  });

  it("draw the same machine's QR code as often as it is asked for", async () => {
    const same = [labels[0]!, labels[0]!, labels[1]!];
    const file = saved(await labelPdf(same, "lettre", "Boréal Distributrices"));
    expect(decodedPerPage(file)).toEqual([[labels[0]!.url, labels[0]!.url, labels[1]!.url].sort()]);
  });

  it("keep each code whole as text, whatever its letters: spaced out for the eye, not split into words", async () => {
    // Every character of the codes twice in a row, where a wider gap would first read as a space.
    const alphabet = "23456789ABCDEFGHJKMNPQRSTWXYZ";
    const codes = [...alphabet].map((c, i) => `BD-${c}${c}${alphabet[(i + 1) % alphabet.length]!.repeat(2)}`);
    const file = saved(
      await labelPdf(
        codes.map((code) => machineLabel(code, SITE)),
        "lettre",
        "Boréal",
      ),
    );
    const text = pageTexts(file).join(" ");
    expect(codes.filter((code) => !text.includes(code))).toEqual([]);
    expect(text).toContain("OU APPELEZ-NOUS");
  });
});

describe("the staff's label routes", () => {
  let app: TestApp;
  let cookie: string;
  const installed: { id: string; code: string }[] = [];
  let planned: { id: string; code: string };

  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: "https://boreal.exemple.ca", SITE_PHONE: "418 555-0199" });
    cookie = await app.login();
    const add = async (client_name: string) => {
      const row = await insertInstallation(
        app.db(),
        {
          client_name,
          address: "1 rue Principale, Québec",
          contact_name: "Hélène Côté",
          contact_phone: "418 555-0100",
          contact_email: "helene@exemple.ca",
          machine_id: null,
          machine_name: "Boréal Élégance",
          planned_for: null,
        },
        "test",
      );
      return { id: row.id, code: row.code };
    };
    for (const name of ["Clinique Saint-Roch", "Garage Lévis", "Bureau Limoilou"]) {
      const row = await add(name);
      expect((await moveInstallation(app.db(), row.id, "installee", "test")).ok).toBe(true);
      installed.push(row);
    }
    planned = await add("Usine Beauport");
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (path: string, withCookie = true) => app.fetch(path, withCookie ? { headers: { cookie } } : {});
  const url = (code: string) => `https://boreal.exemple.ca/m/${code}`;

  it("answer an installation's label on an A6 page, its QR code to the machine's page, with the site's phone", async () => {
    const response = await get(installationLabelPath(planned.id));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="etiquette-${planned.code}.pdf"`);
    const file = saved(Buffer.from(await response.arrayBuffer()));
    expect(pageSizes(file)).toEqual(["297.64 x 419.53"]);
    const [text] = pageTexts(file);
    expect(text).toContain(planned.code);
    expect(text).toContain("418 555-0199");
    expect(text).toContain(INVITATION);
    expect(decodedPerPage(file)).toEqual([[url(planned.code)]]);
  });

  it("answer a sheet of the chosen installations, four to a letter page, or every installed one", async () => {
    const chosen = [planned, installed[0]!];
    const response = await get(labelSheetPath({ ids: chosen.map((c) => c.id), format: "lettre" }));
    expect(response.status).toBe(200);
    const file = saved(Buffer.from(await response.arrayBuffer()));
    expect(pageSizes(file)).toEqual(["612 x 792"]);
    expect(decodedPerPage(file)).toEqual([chosen.map((c) => url(c.code)).sort()]);
    // In the order asked for, whatever their status.
    const [sheet] = pageTexts(file);
    expect(sheet!.indexOf(planned.code)).toBeLessThan(sheet!.indexOf(installed[0]!.code));

    const all = saved(Buffer.from(await (await get(labelSheetPath())).arrayBuffer()));
    expect(pageSizes(all)).toEqual(["612 x 792"]);
    expect(decodedPerPage(all)).toEqual([installed.map((c) => url(c.code)).sort()]);

    const a6 = saved(Buffer.from(await (await get(labelSheetPath({ format: "a6" }))).arrayBuffer()));
    expect(pageSizes(a6)).toEqual(installed.map(() => "297.64 x 419.53"));
  });

  it("answer 404 for an unknown installation, and to a visitor", async () => {
    expect((await get("/edit-installations/94084a3b-aebe-428c-9df5-d249c60ed9dd/etiquette.pdf")).status).toBe(404);
    expect((await get("/edit-installations/pas-un-id/etiquette.pdf")).status).toBe(404);
    expect((await get("/edit-installations/etiquettes.pdf?id=94084a3b-aebe-428c-9df5-d249c60ed9dd")).status).toBe(404);
    const visitor = await get(installationLabelPath(planned.id), false);
    expect(visitor.status).toBe(404);
    expect(visitor.headers.get("content-type")).not.toBe("application/pdf");
    expect((await get("/edit-installations/etiquettes.pdf", false)).status).toBe(404);
  });
});
