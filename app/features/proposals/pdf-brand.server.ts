// The brand as the PDFs set it, shared by every document the PDF worker draws (the proposal, the
// machines' labels): the site's palette, and its typefaces registered once (static TrueType instances of
// Fraunces and Inter, ./pdf-fonts, made by scripts/pdf-fonts.sh), and the one way they are drawn.
import { Font, renderToBuffer, type DocumentProps } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { join } from "node:path";
import { projectRoot } from "../../../server/lib/paths";

/** The site's palette (app/app.css). */
export const PDF_COLOURS = {
  ink: "#0f1115",
  ivory: "#f8f5ef",
  sand: "#ece5d8",
  line: "#ddd4c4",
  stone: "#5c6068",
  brass: "#b8893b",
  brassLight: "#e3c58b",
  brassInk: "#85601f",
  white: "#ffffff",
};

const fonts = join(projectRoot, "app/features/proposals/pdf-fonts");
Font.register({
  family: "Inter",
  fonts: [
    { src: join(fonts, "inter-400.ttf"), fontWeight: 400 },
    { src: join(fonts, "inter-600.ttf"), fontWeight: 600 },
  ],
});
Font.register({
  family: "Fraunces",
  fonts: [
    { src: join(fonts, "fraunces-400.ttf"), fontWeight: 400 },
    { src: join(fonts, "fraunces-600.ttf"), fontWeight: 600 },
  ],
});
// French is not hyphenated by the library's English rules: words stay whole.
Font.registerHyphenationCallback((word) => [word]);

/** Every registered typeface loaded, each of its glyphs first met by its own character. A glyph first
 * met as part of another (':' is drawn from two '.') keeps no character, and every later text in that
 * typeface, in any later PDF of the same process, then loses it: a label after a proposal with
 * « Total : » and no '.' read « Scannez-moi » without its period. */
const fontsReady: Promise<void> = (async () => {
  for (const family of Object.values(Font.getRegisteredFonts())) {
    for (const source of family.sources) {
      await source.load();
      // The typeface as its library has it (published without types).
      const font = source.data as { characterSet: number[]; glyphForCodePoint(codePoint: number): unknown } | null;
      for (const codePoint of font?.characterSet ?? []) font!.glyphForCodePoint(codePoint);
    }
  }
})();

/** A document's PDF bytes, in the brand's typefaces. */
export async function renderBrandPdf(document: ReactElement<DocumentProps>): Promise<Buffer> {
  await fontsReady;
  return renderToBuffer(document);
}
