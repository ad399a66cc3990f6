import { describe, expect, it } from "vitest";
import { isUuid } from "./id";

describe("isUuid", () => {
  it("accepts a UUID in either case", () => {
    expect(isUuid("94084a3b-aebe-428c-9df5-d249c60ed9dd")).toBe(true);
    expect(isUuid("94084A3B-AEBE-428C-9DF5-D249C60ED9DD")).toBe(true);
  });
  it("refuses anything else", () => {
    for (const value of [
      "",
      "94084a3b-aebe-428c-9df5-d249c60ed9d",
      "94084a3b-aebe-428c-9df5-d249c60ed9ddx",
      "------------------------------------",
      "94084a3baebe428c9df5d249c60ed9dd0000",
      " 94084a3b-aebe-428c-9df5-d249c60ed9dd",
      "94084a3b-aebe-428c-9df5-d249c60ed9dd\n",
      "3f2b8c1e-8d4a-4c6f-9b7e-2a1d0c9e8f7a'--",
      null,
      undefined,
      42,
    ])
      expect(isUuid(value)).toBe(false);
  });
});
