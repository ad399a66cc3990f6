import { describe, expect, it } from "vitest";
import { parseEtapesFonctionnement } from "./etapes";

describe("parseEtapesFonctionnement", () => {
  it("keeps lists, parses JSON text and reads anything else as empty", () => {
    expect(parseEtapesFonctionnement(["a"])).toEqual(["a"]);
    expect(parseEtapesFonctionnement('[{"titre":"x"}]')).toEqual([{ titre: "x" }]);
    expect(parseEtapesFonctionnement("{oops")).toEqual([]);
    expect(parseEtapesFonctionnement('{"a":1}')).toEqual([]);
    expect(parseEtapesFonctionnement(null)).toEqual([]);
    expect(parseEtapesFonctionnement(undefined)).toEqual([]);
  });
});
