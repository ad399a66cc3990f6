import { describe, expect, it } from "vitest";
import { newDailySecret, visitorHash } from "./visitor.server";

const UA = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe("visitor hash", () => {
  it("is the same for one visitor within a day and differs between visitors", () => {
    const secret = newDailySecret();
    const a = visitorHash(secret, "203.0.113.7", UA, "distributrices.example.ca");
    expect(visitorHash(secret, "203.0.113.7", UA, "distributrices.example.ca")).toBe(a);
    expect(visitorHash(secret, "203.0.113.8", UA, "distributrices.example.ca")).not.toBe(a);
    expect(visitorHash(secret, "203.0.113.7", `${UA} x`, "distributrices.example.ca")).not.toBe(a);
    expect(visitorHash(secret, "203.0.113.7", UA, "autre.example.ca")).not.toBe(a);
  });

  it("changes with the day's secret, which is new each day", () => {
    const monday = newDailySecret();
    const tuesday = newDailySecret();
    expect(tuesday).not.toBe(monday);
    expect(monday).toMatch(/^[\w-]{43}$/);
    expect(visitorHash(tuesday, "203.0.113.7", UA, "s")).not.toBe(visitorHash(monday, "203.0.113.7", UA, "s"));
  });

  it("is a signed 64-bit integer (a bigint column)", () => {
    const hash = visitorHash(newDailySecret(), "::1", UA, "s");
    expect(hash).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(hash).toBeLessThan(2n ** 63n);
  });
});
