import { describe, expect, it } from "vitest";
import {
  formatResolved,
  NUMBER_RULES,
  parseTypedNumber,
  resolveNumber,
  resolveNumberDetailed,
  ruleHint,
} from "./numbers";

const R = NUMBER_RULES;

describe("parseTypedNumber", () => {
  it("reads plain numbers, a French decimal comma and surrounding spaces", () => {
    expect(parseTypedNumber("12")).toBe(12);
    expect(parseTypedNumber(" 12,5 ")).toBe(12.5);
    expect(parseTypedNumber("0.5")).toBe(0.5);
    expect(parseTypedNumber("-3")).toBe(-3);
    expect(parseTypedNumber(7)).toBe(7);
  });
  it("refuses blanks and anything that is not a plain number", () => {
    const refused = ["", "   ", "abc", "12 px", "1e3", "--1", "1,2,3", null, undefined, NaN, Infinity, {} as object];
    for (const raw of refused) {
      expect(parseTypedNumber(raw), typeof raw === "object" ? JSON.stringify(raw) : String(raw)).toBeNull();
    }
  });
});

describe("fallbacks: blank or invalid → default", () => {
  it.each([
    ["produits_par_rangee", 6],
    ["nombre_de_rangees", 6],
    ["grid_default_position_x", 50],
    ["grid_default_position_y", 50],
    ["grid_default_width", 300],
    ["grid_default_height", 400],
  ] as const)("%s defaults to %d", (field, fallback) => {
    for (const raw of ["", "  ", "abc", "6 rangées", null, undefined]) {
      expect(resolveNumberDetailed(raw, R[field])).toEqual({ value: fallback, reason: "default" });
    }
  });
});

describe("every bound", () => {
  it("rows and products per row: 1 to 20", () => {
    for (const rule of [R.produits_par_rangee, R.nombre_de_rangees]) {
      expect(resolveNumber("1", rule)).toBe(1);
      expect(resolveNumber("20", rule)).toBe(20);
      expect(resolveNumberDetailed("0", rule)).toEqual({ value: 1, reason: "clamped" });
      expect(resolveNumberDetailed("21", rule)).toEqual({ value: 20, reason: "clamped" });
      expect(resolveNumber("-4", rule)).toBe(1);
      expect(resolveNumberDetailed("7,4", rule)).toEqual({ value: 7, reason: "rounded" });
      expect(resolveNumber("19.6", rule)).toBe(20);
    }
  });
  it("position X and Y: 0 to 100 %, one decimal", () => {
    for (const rule of [R.grid_default_position_x, R.grid_default_position_y]) {
      expect(resolveNumber("0", rule)).toBe(0);
      expect(resolveNumber("100", rule)).toBe(100);
      expect(resolveNumber("-0,1", rule)).toBe(0);
      expect(resolveNumber("100.1", rule)).toBe(100);
      expect(resolveNumber("33,33", rule)).toBe(33.3);
    }
  });
  it("width and height: 50 to 800 px, whole pixels", () => {
    for (const rule of [R.grid_default_width, R.grid_default_height]) {
      expect(resolveNumber("50", rule)).toBe(50);
      expect(resolveNumber("800", rule)).toBe(800);
      expect(resolveNumber("49", rule)).toBe(50);
      expect(resolveNumber("801", rule)).toBe(800);
      expect(resolveNumber("0", rule)).toBe(50);
      expect(resolveNumber("320,4", rule)).toBe(320);
    }
  });
  it("numbers already numeric pass through the same rules", () => {
    expect(resolveNumber(12, R.produits_par_rangee)).toBe(12);
    expect(resolveNumber(1000, R.grid_default_width)).toBe(800);
  });
});

describe("display", () => {
  it("writes values the French way with their unit", () => {
    expect(formatResolved(12.5, R.grid_default_position_x)).toBe("12,5 %");
    expect(formatResolved(300, R.grid_default_width)).toBe("300 px");
    expect(formatResolved(6, R.produits_par_rangee)).toBe("6");
    expect(ruleHint(R.grid_default_width)).toBe("Entre 50 et 800 px · par défaut 300 px");
  });
});
