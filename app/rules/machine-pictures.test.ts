import { describe, expect, it } from "vitest";
import { machinePictureAlt, staffText } from "./machine-pictures";

describe("a machine picture's description", () => {
  const machine = { images: ["/a.webp", " /b.webp ", "/a.webp"], image_alts: ["A", "", "A bis"], main_image_index: 2 };

  it("is found by the picture's address; blank is none", () => {
    expect(machinePictureAlt(machine, "/b.webp")).toBeNull();
    expect(machinePictureAlt({ ...machine, image_alts: ["A", " Vue B ", ""] }, "/b.webp")).toBe("Vue B");
    expect(machinePictureAlt(machine, "/inconnue.webp")).toBeNull();
    expect(machinePictureAlt(machine, null)).toBeNull();
    expect(machinePictureAlt({ images: ["/a.webp"], image_alts: [] }, "/a.webp")).toBeNull();
  });

  it("a picture listed twice reads the main one's description", () => {
    expect(machinePictureAlt(machine, "/a.webp")).toBe("A bis");
    expect(machinePictureAlt({ ...machine, main_image_index: 1 }, "/a.webp")).toBe("A");
  });

  it("staff texts are trimmed, blank is null", () => {
    expect(staffText("  x ")).toBe("x");
    expect(staffText("  ")).toBeNull();
    expect(staffText(undefined)).toBeNull();
  });
});
