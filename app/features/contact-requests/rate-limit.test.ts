import { describe, expect, it } from "vitest";
import { contactRateLimit, DEFAULT_CONTACT_RATE_LIMIT, hashIp } from "./rate-limit.server";

describe("contactRateLimit", () => {
  it("defaults to 5 requests per 10 minutes", () => {
    expect(contactRateLimit(undefined)).toEqual({ max: 5, windowMs: 600_000 });
    expect(contactRateLimit("")).toEqual(DEFAULT_CONTACT_RATE_LIMIT);
    expect(contactRateLimit("beaucoup")).toEqual(DEFAULT_CONTACT_RATE_LIMIT);
    expect(contactRateLimit("-3")).toEqual(DEFAULT_CONTACT_RATE_LIMIT);
  });
  it("can be raised or turned off", () => {
    expect(contactRateLimit("100000")).toEqual({ max: 100_000, windowMs: 600_000 });
    for (const off of ["0", "off", "OFF", "false", "non"]) expect(contactRateLimit(off)).toBeNull();
  });
});

describe("hashIp", () => {
  it("is a keyed hash: stable for one secret, different for another, never the IP", () => {
    const a = hashIp("203.0.113.7", "secret-a");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashIp("203.0.113.7", "secret-a")).toBe(a);
    expect(hashIp("203.0.113.7", "secret-b")).not.toBe(a);
    expect(hashIp("203.0.113.8", "secret-a")).not.toBe(a);
  });
});
