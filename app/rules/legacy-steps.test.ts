import { describe, expect, it } from "vitest";
import { parseLegacySteps } from "./legacy-steps";

describe("parseLegacySteps", () => {
  it("keeps lists, parses JSON text and reads anything else as empty", () => {
    expect(parseLegacySteps(["a"])).toEqual(["a"]);
    expect(parseLegacySteps('[{"titre":"x"}]')).toEqual([{ titre: "x" }]);
    expect(parseLegacySteps("{oops")).toEqual([]);
    expect(parseLegacySteps('{"a":1}')).toEqual([]);
    expect(parseLegacySteps(null)).toEqual([]);
    expect(parseLegacySteps(undefined)).toEqual([]);
  });
});
