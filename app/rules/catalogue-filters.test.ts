import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filtersToSearchParams,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  pageCount,
  pageHref,
  pagerWindow,
  parseFilters,
  parsePrice,
} from "./catalogue-filters";

const parse = (query: string, known?: string[]) => parseFilters(new URLSearchParams(query), known);

describe("parseFilters", () => {
  it("reads every filter of the URL", () => {
    expect(parse("q=café&min=1.5&max=4&tag=Sans%20gluten&tag=Local&top10=1&page=3")).toEqual({
      q: "café",
      min: 1.5,
      max: 4,
      tags: ["Sans gluten", "Local"],
      top10: true,
      page: 3,
    });
  });

  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(EMPTY_FILTERS);
    expect(parse("q=&min=&max=&page=")).toEqual(EMPTY_FILTERS);
  });

  it("clamps bad page numbers to 1 and huge ones to the maximum", () => {
    expect(parse("page=-3").page).toBe(1);
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=1e3").page).toBe(1);
    expect(parse("page=99999999999999999999").page).toBe(1);
    expect(parse(`page=${MAX_PAGE + 5}`).page).toBe(MAX_PAGE);
    expect(parse("page=%2012%20").page).toBe(12);
  });

  it("ignores prices that are not numbers or are negative, and reads French decimals", () => {
    expect(parse("min=abc&max=xyz")).toMatchObject({ min: null, max: null });
    expect(parse("min=-2&max=-1")).toMatchObject({ min: null, max: null });
    expect(parse("min=Infinity&max=NaN")).toMatchObject({ min: null, max: null });
    expect(parse("min=2,50&max=3%20%24")).toMatchObject({ min: 2.5, max: 3 });
    expect(parse("min=1.239").min).toBe(1.24);
    expect(parse("max=1e9").max).toBeNull();
    expect(parse("min=0").min).toBeNull();
    expect(parse("max=0").max).toBe(0);
    expect(parse("max=9999999").max).toBe(100000);
  });

  it("ignores a maximum below the minimum, keeps equal bounds", () => {
    expect(parse("min=5&max=2")).toMatchObject({ min: 5, max: null });
    expect(parse("min=2&max=2")).toMatchObject({ min: 2, max: 2 });
  });

  it("drops unknown tags, matches known ones case-insensitively and removes duplicates", () => {
    const known = ["Sans gluten", "Local", "Végane"];
    expect(parse("tag=inconnu&tag=local&tag=Local&tag=VÉGANE&tag=", known).tags).toEqual(["Local", "Végane"]);
    expect(parse("tag=%20&tag=x").tags).toEqual(["x"]);
  });

  it("keeps at most 30 tags", () => {
    const query = Array.from({ length: 50 }, (_, i) => `tag=t${i}`).join("&");
    expect(parse(query).tags).toHaveLength(30);
  });

  it("trims, collapses spaces and shortens a very long search", () => {
    expect(parse("q=%20%20barre%20%20%20tendre%20").q).toBe("barre tendre");
    const long = parse(`q=${"a".repeat(5000)}`).q;
    expect(long).toHaveLength(MAX_QUERY_LENGTH);
  });

  it("reads the top-10 flag from 1, on or true only", () => {
    expect(parse("top10=1").top10).toBe(true);
    expect(parse("top10=on").top10).toBe(true);
    expect(parse("top10=true").top10).toBe(true);
    expect(parse("top10=0").top10).toBe(false);
    expect(parse("top10=").top10).toBe(false);
    expect(parse("top10=peut-être").top10).toBe(false);
  });
});

describe("parsePrice", () => {
  it("accepts dollars with a point or a comma", () => {
    expect(parsePrice("2")).toBe(2);
    expect(parsePrice("2.")).toBe(2);
    expect(parsePrice(".5")).toBe(0.5);
    expect(parsePrice("2,5")).toBe(2.5);
    expect(parsePrice(".")).toBeNull();
    expect(parsePrice("1.2.3")).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });
});

describe("filtersToSearchParams and pageHref", () => {
  it("writes only what is set, round-tripping through parseFilters", () => {
    const filters = { q: "thé", min: 1, max: 3.5, tags: ["Local", "Bio"], top10: true, page: 2 };
    const query = filtersToSearchParams(filters).toString();
    expect(query).toBe("q=th%C3%A9&min=1&max=3.5&tag=Local&tag=Bio&top10=1&page=2");
    expect(parseFilters(new URLSearchParams(query))).toEqual(filters);
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe("");
  });

  it("links to a page keeping the filters, without page=1", () => {
    const filters = { ...EMPTY_FILTERS, q: "cafe", page: 4 };
    expect(pageHref(filters, 5)).toBe("?q=cafe&page=5");
    expect(pageHref(filters, 1)).toBe("?q=cafe");
    expect(pageHref(EMPTY_FILTERS, 1)).toBe("?");
  });

  it("counts the active filters", () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ q: "a", min: 1, max: 2, tags: ["x", "y"], top10: true, page: 9 })).toBe(6);
  });
});

describe("pageCount", () => {
  it("is at least 1 and rounds up by 25", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(10_000)).toBe(400);
  });
});

describe("pagerWindow", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("slides a window of five centred on the current page", () => {
    expect(pagerWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pagerWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pagerWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerWindow(200, 400)).toEqual([198, 199, 200, 201, 202]);
  });

  it("clamps a current page outside 1..total", () => {
    expect(pagerWindow(-3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(50, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerWindow(1, 0)).toEqual([]);
  });

  it("never shows more than the window size", () => {
    for (let total = 1; total <= 12; total++) {
      for (let current = 1; current <= total; current++) {
        const pages = pagerWindow(current, total);
        expect(pages.length).toBe(Math.min(5, total));
        expect(pages).toContain(current);
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages.at(-1)).toBeLessThanOrEqual(total);
      }
    }
  });
});
