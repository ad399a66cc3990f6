// Machine labels read back from their PDF, drawn in the PDF worker: the page sizes (A6, letter), each
// label's code, the site's phone and the invitation as text (pdftotext), and each QR code decoded from
// the page as a printer would see it (pdftoppm at 200 dpi, then zbarimg from Debian's zbar-tools) to its
// machine's public address.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { labelPdf, machineLabel } from "../../app/features/installations/label-pdf.server";

const SITE = { publicUrl: "https://boreal.exemple.ca", phone: "418 555-0142" };
const CODES = ["BD-7K3Q", "BD-2MX9", "BD-HT4W", "BD-ZZ22", "BD-A5C8"];
const INVITATION = "Un problème ? Une envie ? Scannez-moi.";

function saved(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "labels-")), "labels.pdf");
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
  const dir = mkdtempSync(join(tmpdir(), "labels-png-"));
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
});
