import { describe, expect, it } from "vitest";
import { emptiedSlotsText, fileSlug, gridSizeMessage, slotLabel, templateAppliedText, topFillText } from "./texts";

describe("fileSlug", () => {
  it("keeps letters and digits, without accents, joined by hyphens", () => {
    expect(fileSlug("Café glacé — Série 2")).toBe("cafe-glace-serie-2");
  });

  it("falls back to 'machine' when nothing is left", () => {
    expect(fileSlug("— ! —")).toBe("machine");
  });
});

describe("slotLabel", () => {
  it("names the slot, its row and its column, counting from 1", () => {
    expect(slotLabel(2, 0, 3)).toBe("Section 2 · emplacement 1 (rangée 1, colonne 1)");
    expect(slotLabel(1, 4, 3)).toBe("Section 1 · emplacement 5 (rangée 2, colonne 2)");
  });
});

describe("gridSizeMessage", () => {
  it("says the new number of rows or columns", () => {
    expect(gridSizeMessage(1, "rows", 4, 1)).toBe("Section 1 : 5 rangées.");
    expect(gridSizeMessage(3, "cols", 4, -1)).toBe("Section 3 : 3 colonnes.");
  });

  it("stays within the grid's limits", () => {
    expect(gridSizeMessage(1, "rows", 10, 1)).toBe("Section 1 : 10 rangées.");
    expect(gridSizeMessage(1, "cols", 1, -1)).toBe("Section 1 : 1 colonnes.");
  });
});

describe("emptiedSlotsText", () => {
  it("agrees with the number of products", () => {
    expect(emptiedSlotsText(1)).toBe("Changer la grille vide les emplacements (1 produit).");
    expect(emptiedSlotsText(3)).toBe("Changer la grille vide les emplacements (3 produits).");
  });
});

describe("one-step fills", () => {
  it("say how many slots the Top 10 filled, singular and plural, and which section took the template", () => {
    expect(topFillText(2, 1)).toBe("1 emplacement de la section 2 rempli avec le Top 10.");
    expect(topFillText(1, 36)).toBe("36 emplacements de la section 1 remplis avec le Top 10.");
    expect(templateAppliedText(3)).toBe("Section 3 : disposition et produits du modèle appliqués.");
  });
});
