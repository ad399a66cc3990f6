import { describe, expect, it } from "vitest";
import { arrowKeyStep, swipeStep } from "./carousel-gestures";

describe("arrowKeyStep", () => {
  it("goes forward with the right arrow, back with the left one", () => {
    expect(arrowKeyStep("ArrowRight")).toBe(1);
    expect(arrowKeyStep("ArrowLeft")).toBe(-1);
  });

  it("ignores other keys", () => {
    expect(arrowKeyStep("ArrowDown")).toBe(0);
    expect(arrowKeyStep("Enter")).toBe(0);
  });
});

describe("swipeStep", () => {
  it("a swipe to the left shows the next slide, to the right the previous one", () => {
    expect(swipeStep(-80, 5)).toBe(1);
    expect(swipeStep(80, -5)).toBe(-1);
  });

  it("a short move changes nothing", () => {
    expect(swipeStep(-40, 0)).toBe(0);
    expect(swipeStep(30, 0)).toBe(0);
  });

  it("a mostly vertical move scrolls the page instead", () => {
    expect(swipeStep(-60, 50)).toBe(0);
    expect(swipeStep(-61, 50)).toBe(1);
  });
});
