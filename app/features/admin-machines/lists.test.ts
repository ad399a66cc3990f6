import { describe, expect, it } from "vitest";
import {
  addImage,
  dropEmptyLines,
  moveImage,
  removeImage,
  safeMainIndex,
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

describe("pictures", () => {
  const list = { images: ["a", "b", "c"], main: 1 };
  it("adds at the end, keeping the main picture", () => {
    expect(addImage(list, "d")).toEqual({ images: ["a", "b", "c", "d"], main: 1 });
    expect(addImage({ images: [], main: 0 }, "a")).toEqual({ images: ["a"], main: 0 });
  });
  it("removing keeps the same main picture, or the first when the main one goes", () => {
    expect(removeImage(list, 0)).toEqual({ images: ["b", "c"], main: 0 });
    expect(removeImage(list, 2)).toEqual({ images: ["a", "b"], main: 1 });
    expect(removeImage(list, 1)).toEqual({ images: ["a", "c"], main: 0 });
    expect(removeImage({ images: ["a"], main: 0 }, 0)).toEqual({ images: [], main: 0 });
    expect(removeImage(list, 9)).toBe(list);
  });
  it("moving swaps neighbours and the main follows its picture", () => {
    expect(moveImage(list, 1, 1)).toEqual({ images: ["a", "c", "b"], main: 2 });
    expect(moveImage(list, 0, 1)).toEqual({ images: ["b", "a", "c"], main: 0 });
    expect(moveImage(list, 2, -1)).toEqual({ images: ["a", "c", "b"], main: 2 });
    expect(moveImage(list, 0, -1)).toBe(list);
    expect(moveImage(list, 2, 1)).toBe(list);
  });
  it("choosing the main picture, and a stored index out of range reads as 0", () => {
    expect(setMainImage(list, 2).main).toBe(2);
    expect(setMainImage(list, 5).main).toBe(1);
    expect(safeMainIndex(["a"], 3)).toBe(0);
    expect(safeMainIndex(["a", "b"], -1)).toBe(0);
    expect(safeMainIndex(["a", "b"], 1.5)).toBe(0);
  });
});
