import { describe, expect, it } from "vitest";
import { conversionRate } from "./goals";

describe("conversion rate", () => {
  it("is visitors who sent a request ÷ visitors", () => {
    expect(conversionRate(1, 4)).toBe(0.25);
    expect(conversionRate(0, 4)).toBe(0);
  });

  it("is never above 100 % nor defined without visitors", () => {
    expect(conversionRate(2, 1)).toBe(1);
    expect(conversionRate(3, 0)).toBe(0);
  });
});
