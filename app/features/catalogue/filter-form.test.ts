import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "~/rules/catalogue-filters";
import { filtersFromForm, filtersPath, priceFieldValue, sameFilters } from "./filter-form";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("priceFieldValue", () => {
  it("writes a price with a decimal comma, nothing for no price", () => {
    expect(priceFieldValue(2.5)).toBe("2,5");
    expect(priceFieldValue(4)).toBe("4");
    expect(priceFieldValue(null)).toBe("");
  });
});

describe("filtersFromForm", () => {
  it("reads the fields as the URL would, back on page 1, with known tags only", () => {
    const data = form([
      ["q", " café "],
      ["min", "1,50"],
      ["max", ""],
      ["tag", "local"],
      ["tag", "Inconnu"],
      ["top10", "1"],
    ]);
    expect(filtersFromForm(data, ["Local", "Sans gluten"])).toEqual({
      q: "café",
      min: 1.5,
      max: null,
      tags: ["Local"],
      top10: true,
      page: 1,
    });
  });
});

describe("sameFilters", () => {
  it("ignores the page", () => {
    expect(sameFilters({ ...EMPTY_FILTERS, q: "eau", page: 3 }, { ...EMPTY_FILTERS, q: "eau" })).toBe(true);
  });

  it("tells different filters apart", () => {
    expect(sameFilters({ ...EMPTY_FILTERS, top10: true }, EMPTY_FILTERS)).toBe(false);
  });
});

describe("filtersPath", () => {
  it("gives the catalogue's address for new filters, on page 1", () => {
    expect(filtersPath({ ...EMPTY_FILTERS, q: "eau", page: 4 }, "?q=café")).toBe("/produits?q=eau");
    expect(filtersPath(EMPTY_FILTERS, "?q=café")).toBe("/produits");
  });

  it("gives nothing when the address already shows them", () => {
    expect(filtersPath({ ...EMPTY_FILTERS, q: "eau" }, "?q=eau")).toBeNull();
    expect(filtersPath(EMPTY_FILTERS, "")).toBeNull();
  });

  it("leaves a later page for page 1 of the same filters", () => {
    expect(filtersPath({ ...EMPTY_FILTERS, q: "eau" }, "?q=eau&page=2")).toBe("/produits?q=eau");
  });
});
