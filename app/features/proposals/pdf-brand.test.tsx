// The brand's typefaces as every PDF draws them, read back with pdftotext: a character survives any
// document drawn before it in the same process.
import { Document, Page, Text } from "@react-pdf/renderer";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderBrandPdf } from "./pdf-brand.server";

const work = mkdtempSync(join(tmpdir(), "pdf-brand-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TYPEFACES = [
  { fontFamily: "Fraunces", fontWeight: 400 },
  { fontFamily: "Fraunces", fontWeight: 600 },
  { fontFamily: "Inter", fontWeight: 400 },
  { fontFamily: "Inter", fontWeight: 600 },
] as const;

/** The text pdftotext reads from a one-page PDF of `text` in each typeface, one line each. */
async function drawn(text: string): Promise<string[]> {
  const pdf = await renderBrandPdf(
    <Document>
      <Page size="A6">
        {TYPEFACES.map((style, i) => (
          <Text key={i} style={style}>
            {text}
          </Text>
        ))}
      </Page>
    </Document>,
  );
  const file = join(work, "drawn.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
}

describe("the brand's typefaces", () => {
  it("keep the period after a PDF that drew it only inside ':', ';', '…', '·' and '•'", async () => {
    expect(await drawn("Total : 12 ; suite… a · b • c")).toEqual(Array(4).fill("Total : 12 ; suite… a · b • c"));
    expect(await drawn("Scannez-moi.")).toEqual(Array(4).fill("Scannez-moi."));
  });
});
