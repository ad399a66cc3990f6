import { describe, expect, it } from "vitest";
import { formatPrice } from "./format";

describe("formatPrice", () => {
  it("prints fr-CA prices with two decimals", () => {
    expect(formatPrice(2.5)).toBe("2,50 $");
    expect(formatPrice(1234)).toBe("1 234,00 $");
  });
});
