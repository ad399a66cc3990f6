import { describe, expect, it } from "vitest";
import { applyOrder, canToggleFeatured, isGalleryImage, moveBy, moveTo } from "./order";

describe("gallery order", () => {
  it("moves one place with the arrows, and not past the ends", () => {
    expect(moveBy(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveBy(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    const list = ["a", "b"];
    expect(moveBy(list, 0, -1)).toBe(list);
    expect(moveBy(list, 1, 1)).toBe(list);
  });

  it("drops one photo on another's place", () => {
    expect(moveTo(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveTo(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveTo(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });

  it("shows a pending order, keeping photos it does not name", () => {
    const photos = [{ id: "1" }, { id: "2" }, { id: "3" }];
    expect(applyOrder(photos, ["3", "1", "x"]).map((p) => p.id)).toEqual(["3", "1", "2"]);
    expect(applyOrder(photos, null).map((p) => p.id)).toEqual(["1", "2", "3"]);
  });

  it("disables featuring a seventh photo but always allows unfeaturing", () => {
    expect(canToggleFeatured(5, false)).toBe(true);
    expect(canToggleFeatured(6, false)).toBe(false);
    expect(canToggleFeatured(6, true)).toBe(true);
  });

  it("checks the file type in the browser before uploading", () => {
    expect(isGalleryImage({ type: "image/png" })).toBe(true);
    expect(isGalleryImage({ type: "image/svg+xml" })).toBe(false);
    expect(isGalleryImage({ type: "application/pdf" })).toBe(false);
    expect(isGalleryImage({ type: "" })).toBe(false);
  });
});
