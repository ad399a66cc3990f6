import { describe, expect, it } from "vitest";
import { LOGIN_DELAY_MAX_MS, loginDelayMs } from "./throttle";

describe("loginDelayMs", () => {
  it("holds nothing up to 10 failures of a username, then a quarter second more per failure", () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(10)).toBe(0);
    expect(loginDelayMs(11)).toBe(250);
    expect(loginDelayMs(14)).toBe(1000);
  });

  it("never holds a login more than 3 seconds, however many failures", () => {
    expect(loginDelayMs(22)).toBe(LOGIN_DELAY_MAX_MS);
    expect(loginDelayMs(100_000)).toBe(3000);
  });
});
