import { describe, expect, it } from "vitest";
import {
  DEFAULT_PICKER_FILTERS,
  filterMachines,
  gridLabel,
  isDefaultPickerFilters,
  pageWindow,
  parsePickerFilters,
  pickerSearchParams,
} from "./filters";

describe("picker filters", () => {
  it("default to 'all' and page 1", () => {
    expect(parsePickerFilters(new URLSearchParams())).toEqual(DEFAULT_PICKER_FILTERS);
    expect(parsePickerFilters(new URLSearchParams("categorie=&tag=%20&page=abc"))).toEqual(DEFAULT_PICKER_FILTERS);
    expect(parsePickerFilters(new URLSearchParams("page=-3")).page).toBe(1);
  });

  it("read name, category, tag and page", () => {
    expect(parsePickerFilters(new URLSearchParams("q=%20café%20&categorie=Boissons&tag=Local&page=3"))).toEqual({
      q: "café",
      category: "Boissons",
      tag: "Local",
      page: 3,
    });
  });

  it("round-trip through the query string, leaving defaults out", () => {
    expect(pickerSearchParams(DEFAULT_PICKER_FILTERS).toString()).toBe("picker=1");
    const filters = { q: "thé", category: "Boissons", tag: "all", page: 2 };
    const params = pickerSearchParams(filters);
    expect(params.get("tag")).toBeNull();
    expect(parsePickerFilters(params)).toEqual(filters);
    expect(isDefaultPickerFilters(DEFAULT_PICKER_FILTERS)).toBe(true);
    expect(isDefaultPickerFilters(filters)).toBe(false);
  });

  it("pages by 12 and clamps the page", () => {
    expect(pageWindow(0, 1)).toEqual({ pageCount: 1, page: 1, offset: 0 });
    expect(pageWindow(40, 4)).toEqual({ pageCount: 4, page: 4, offset: 36 });
    expect(pageWindow(40, 9)).toEqual({ pageCount: 4, page: 4, offset: 36 });
    expect(pageWindow(12, 2)).toEqual({ pageCount: 1, page: 1, offset: 0 });
  });
});

describe("machine selection", () => {
  const machines = [
    { nom: "Élégance Café", categorie_id: "a" },
    { nom: "Compacte Snack", categorie_id: "b" },
    { nom: "Frigo vitré", categorie_id: null },
  ];

  it("searches names without case or accents and filters by category", () => {
    expect(filterMachines(machines, { q: "elegance", categorie: "" }).map((m) => m.nom)).toEqual(["Élégance Café"]);
    expect(filterMachines(machines, { q: "  CAFÉ ", categorie: "all" })).toHaveLength(1);
    expect(filterMachines(machines, { q: "", categorie: "b" }).map((m) => m.nom)).toEqual(["Compacte Snack"]);
    expect(filterMachines(machines, { q: "frigo", categorie: "b" })).toEqual([]);
    expect(filterMachines(machines, { q: "", categorie: "" })).toHaveLength(3);
  });

  it("labels the grid with the machine's numbers, 6 when missing", () => {
    expect(gridLabel({ produits_par_rangee: 8, nombre_de_rangees: 5 })).toBe("8 produits par rangée × 5 rangées");
    expect(gridLabel({ produits_par_rangee: null, nombre_de_rangees: 0 })).toBe("6 produits par rangée × 6 rangées");
  });
});
