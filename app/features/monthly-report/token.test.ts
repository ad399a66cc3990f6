import { describe, expect, it } from "vitest";
import { optOutToken, readOptOutToken } from "./token.server";

const ID = "3f2b8c1e-4d5a-4e6f-8a9b-0c1d2e3f4a5b";

describe("the opt-out token", () => {
  it("names its installation, 43 URL-safe characters", () => {
    const token = optOutToken("secret", ID);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readOptOutToken("secret", token)).toBe(ID);
  });

  it("is refused with another secret, changed by one character, or malformed", () => {
    const token = optOutToken("secret", ID);
    expect(readOptOutToken("other", token)).toBeNull();
    const changed = token.slice(0, 10) + (token[10] === "A" ? "B" : "A") + token.slice(11);
    expect(readOptOutToken("secret", changed)).toBeNull();
    for (const bad of [undefined, "", "abc", `${token}x`, token.replace(/./, "*")])
      expect(readOptOutToken("secret", bad)).toBeNull();
  });
});
