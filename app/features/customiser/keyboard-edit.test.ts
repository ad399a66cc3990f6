import { describe, expect, it } from "vitest";
import { keyboardEdit } from "./keyboard-edit";
import type { Section } from "./state";

const section: Section = { id: "s2", rows: 3, cols: 4, position: { x: 50, y: 40 }, size: { width: 200, height: 100 } };
const plain = { shift: false, alt: false };

describe("keyboardEdit on the move tab", () => {
  it("an arrow moves the section by 1 %, Alt by 5 %", () => {
    expect(keyboardEdit(section, 2, "move", "ArrowRight", plain)).toEqual({
      action: { type: "moveBy", id: "s2", dx: 1, dy: 0 },
      message: "Section 2 : 51 % · 40 %.",
    });
    expect(keyboardEdit(section, 2, "move", "ArrowUp", { shift: false, alt: true })).toEqual({
      action: { type: "moveBy", id: "s2", dx: 0, dy: -5 },
      message: "Section 2 : 50 % · 35 %.",
    });
  });

  it("the announced position stays on the canvas", () => {
    const atEdge = { ...section, position: { x: 2, y: 40 } };
    expect(keyboardEdit(atEdge, 1, "move", "ArrowLeft", { shift: false, alt: true })?.message).toBe(
      "Section 1 : 0 % · 40 %.",
    );
  });

  it("with Shift an arrow moves the bottom-right corner: → wider by 10 px, 50 with Alt", () => {
    const edit = keyboardEdit(section, 2, "move", "ArrowRight", { shift: true, alt: false });
    expect(edit?.action).toMatchObject({ type: "resizeBy", id: "s2", dWidth: 10, anchor: "top-left" });
    expect(edit?.message).toBe("Section 2 : largeur 35 %, hauteur 11 %.");
    expect(keyboardEdit(section, 2, "move", "ArrowDown", { shift: true, alt: true })?.message).toBe(
      "Section 2 : largeur 33 %, hauteur 17 %.",
    );
  });
});

describe("keyboardEdit on the resize handle", () => {
  it("an arrow moves the top-left corner: ← wider, ↑ taller", () => {
    const wider = keyboardEdit(section, 2, "resize", "ArrowLeft", plain);
    expect(wider?.action).toMatchObject({ type: "resizeBy", id: "s2", dWidth: 10 });
    expect(wider?.action).not.toHaveProperty("anchor");
    expect(wider?.message).toBe("Section 2 : largeur 35 %, hauteur 11 %.");
    expect(keyboardEdit(section, 2, "resize", "ArrowDown", plain)?.message).toBe(
      "Section 2 : largeur 33 %, hauteur 10 %.",
    );
  });
});

describe("keyboardEdit with other keys", () => {
  it("does nothing", () => {
    expect(keyboardEdit(section, 2, "move", "Enter", plain)).toBeNull();
    expect(keyboardEdit(section, 2, "resize", "a", { shift: true, alt: true })).toBeNull();
  });
});
