import { describe, expect, it } from "vitest";
import { revealThreshold, toRows } from "./reveal";

describe("gallery reveal", () => {
  it("uses 0.2 under 768 px and 0.3 from 768 px", () => {
    expect(revealThreshold(390)).toBe(0.2);
    expect(revealThreshold(767)).toBe(0.2);
    expect(revealThreshold(768)).toBe(0.3);
    expect(revealThreshold(1280)).toBe(0.3);
  });

  it("splits up to 6 photos in rows of 3", () => {
    expect(toRows([1, 2, 3, 4, 5, 6, 7])).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(toRows([1, 2, 3, 4])).toEqual([[1, 2, 3], [4]]);
    expect(toRows([])).toEqual([]);
  });
});
