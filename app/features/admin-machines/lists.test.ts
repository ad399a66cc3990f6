import { describe, expect, it } from "vitest";
import {
  addImage,
  alignAlts,
  dropEmptyLines,
  moveImage,
  removeImage,
  safeMainIndex,
  setImageAlt,
  setMainImage,
  specLineToRow,
  specRowsToLines,
  specRowToLine,
} from "./lists";

describe("advantages and specifications", () => {
  it("drops empty lines and trims the others", () => {
    expect(dropEmptyLines(["  Paiement sans contact ", "", "   ", "Écran tactile", null, undefined])).toEqual([
      "Paiement sans contact",
      "Écran tactile",
    ]);
  });
  it("splits a specification at its first colon and joins it back as 'label: value'", () => {
    expect(specLineToRow("Heures: 7:00–22:00")).toEqual({ label: "Heures", value: "7:00–22:00" });
    expect(specLineToRow("Réfrigérée")).toEqual({ label: "Réfrigérée", value: "" });
    expect(specRowToLine({ label: " Hauteur ", value: " 183 cm " })).toBe("Hauteur: 183 cm");
    expect(specRowToLine({ label: "Réfrigérée", value: "" })).toBe("Réfrigérée");
    expect(specRowToLine({ label: "", value: "220 V" })).toBe("220 V");
    expect(
      specRowsToLines([
        { label: "Poids", value: "300 kg" },
        { label: " ", value: "" },
        { label: "A", value: "b" },
      ]),
    ).toEqual(["Poids: 300 kg", "A: b"]);
  });
});

describe("pictures and their descriptions", () => {
  const list = { images: ["a", "b", "c"], alts: ["A", "", "C"], main: 1 };
  it("adds at the end with an empty description, keeping the main picture", () => {
    expect(addImage(list, "d")).toEqual({ images: ["a", "b", "c", "d"], alts: ["A", "", "C", ""], main: 1 });
    expect(addImage({ images: [], alts: [], main: 0 }, "a")).toEqual({ images: ["a"], alts: [""], main: 0 });
  });
  it("removing takes its description too and keeps the same main picture, or the first when the main one goes", () => {
    expect(removeImage(list, 0)).toEqual({ images: ["b", "c"], alts: ["", "C"], main: 0 });
    expect(removeImage(list, 2)).toEqual({ images: ["a", "b"], alts: ["A", ""], main: 1 });
    expect(removeImage(list, 1)).toEqual({ images: ["a", "c"], alts: ["A", "C"], main: 0 });
    expect(removeImage({ images: ["a"], alts: ["A"], main: 0 }, 0)).toEqual({ images: [], alts: [], main: 0 });
    expect(removeImage(list, 9)).toBe(list);
  });
  it("moving swaps neighbours with their descriptions and the main follows its picture", () => {
    expect(moveImage(list, 1, 1)).toEqual({ images: ["a", "c", "b"], alts: ["A", "C", ""], main: 2 });
    expect(moveImage(list, 0, 1)).toEqual({ images: ["b", "a", "c"], alts: ["", "A", "C"], main: 0 });
    expect(moveImage(list, 2, -1)).toEqual({ images: ["a", "c", "b"], alts: ["A", "C", ""], main: 2 });
    expect(moveImage(list, 0, -1)).toBe(list);
    expect(moveImage(list, 2, 1)).toBe(list);
  });
  it("a description is set on its own picture only", () => {
    expect(setImageAlt(list, 1, "Vue de face")).toEqual({ ...list, alts: ["A", "Vue de face", "C"] });
    expect(setImageAlt(list, 5, "x")).toBe(list);
  });
  it("descriptions stored short or long are aligned to the pictures", () => {
    expect(alignAlts(["a", "b", "c"], ["A"])).toEqual(["A", "", ""]);
    expect(alignAlts(["a"], ["A", "B"])).toEqual(["A"]);
    // A stored list with fewer descriptions still moves them with their pictures.
    expect(moveImage({ images: ["a", "b"], alts: ["A"], main: 0 }, 0, 1)).toEqual({
      images: ["b", "a"],
      alts: ["", "A"],
      main: 1,
    });
  });
  it("choosing the main picture, and a stored index out of range reads as 0", () => {
    expect(setMainImage(list, 2).main).toBe(2);
    expect(setMainImage(list, 5).main).toBe(1);
    expect(safeMainIndex(["a"], 3)).toBe(0);
    expect(safeMainIndex(["a", "b"], -1)).toBe(0);
    expect(safeMainIndex(["a", "b"], 1.5)).toBe(0);
  });
});
