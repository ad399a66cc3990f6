// The French font files hold the characters of scripts/subset-fonts.sh; app/fonts.css must route exactly
// those to them (more would show a missing glyph, fewer would load a big file for nothing).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const codePoints = (ranges: string) =>
  ranges.split(",").flatMap((range) => {
    const [from, to = from] = range
      .trim()
      .replace(/^U\+/i, "")
      .split("-")
      .map((hex) => parseInt(hex, 16));
    return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
  });

const script = readFileSync("scripts/subset-fonts.sh", "utf8");
const css = readFileSync("app/fonts.css", "utf8");
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map((m) => m[1]!);
const rangeOf = (face: string) => codePoints(/unicode-range: ([^;]+);/.exec(face)![1]!);

describe("font subsets", () => {
  const french = codePoints(/^FRENCH="([^"]+)"/m.exec(script)![1]!);

  for (const family of ["Inter", "Fraunces"]) {
    it(`${family}: the French face covers the subset's characters, and no other face of the family does`, () => {
      const ofFamily = faces.filter((face) => face.includes(`"${family} Variable"`));
      const frenchFace = ofFamily.find((face) => face.includes("-french-"))!;
      expect(rangeOf(frenchFace)).toEqual(french);
      for (const other of ofFamily.filter((face) => face !== frenchFace)) {
        expect(rangeOf(other).filter((cp) => french.includes(cp))).toEqual([]);
      }
    });
  }
});
