import { describe, expect, it } from "vitest";
import { formatNumber, formatPrice } from "./format";

const intlPrice = new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" });
const intlNumber = new Intl.NumberFormat("fr-CA");
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

// Whole prices, cents, halves of a cent (rounding), large sums, counts, negatives.
const VALUES = [
  0,
  0.004,
  0.005,
  0.015,
  0.125,
  1,
  1.005,
  2.5,
  2.675,
  9.995,
  12.345,
  999.999,
  1000,
  1234,
  1234.5,
  99999.99,
  123456.789,
  1_000_000,
  1_234_567.891,
  2 ** 40,
  -0.001,
  -2.5,
  -1234.5678,
];
let seed = 7;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 10 ** Math.floor(seed % 8);
for (let i = 0; i < 500; i++) VALUES.push(random());

describe("formatPrice", () => {
  it("prints fr-CA prices with two decimals and no-break spaces", () => {
    expect(formatPrice(2.5)).toBe("2,50\u00a0$");
    expect(formatPrice(1234.5)).toBe("1\u00a0234,50\u00a0$");
  });

  it("writes every value as Intl does for fr-CA, rounding and no-break spaces included", () => {
    for (const value of VALUES) expect(formatPrice(value), String(value)).toBe(intlPrice.format(value));
  });
});

describe("formatNumber", () => {
  it("groups thousands and writes up to three decimals", () => {
    expect(formatNumber(1234)).toBe("1 234");
    expect(formatNumber(1234.5)).toBe("1 234,5");
    expect(formatNumber(0.0004)).toBe("0");
  });

  it("writes every value as Intl does for fr-CA", () => {
    for (const value of VALUES) expect(formatNumber(value), String(value)).toBe(plain(intlNumber.format(value)));
  });
});
