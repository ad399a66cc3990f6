import { describe, expect, it } from "vitest";
import { sectionProgress } from "./progress";

const sections = [
  { top: 1000, height: 1000 },
  { top: 2000, height: 1000 },
  { top: 3000, height: 1000 },
];

describe("sectionProgress", () => {
  it("is before the first section at the top of the page", () => {
    expect(sectionProgress(0, 1000, sections)).toEqual({ active: -1, progress: 0 });
  });

  it("follows the reading line (35 % down the viewport) through the sections", () => {
    expect(sectionProgress(650, 1000, sections)).toEqual({ active: 0, progress: 0 });
    expect(sectionProgress(1150, 1000, sections).active).toBe(0);
    expect(sectionProgress(1150, 1000, sections).progress).toBeCloseTo(0.5 / 3);
    expect(sectionProgress(1650, 1000, sections)).toEqual({ active: 1, progress: 1 / 3 });
    expect(sectionProgress(2650, 1000, sections).active).toBe(2);
  });

  it("reaches 1 at the bottom of the page", () => {
    expect(sectionProgress(3000, 1000, sections)).toEqual({ active: 2, progress: 1 });
  });

  it("handles no sections and empty sections", () => {
    expect(sectionProgress(500, 800, [])).toEqual({ active: -1, progress: 0 });
    expect(sectionProgress(0, 100, [{ top: 0, height: 0 }])).toEqual({ active: 0, progress: 1 });
  });
});
