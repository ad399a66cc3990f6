import { describe, expect, it } from "vitest";
import { addressKey, parseTrustProxy } from "./client-address";

describe("addressKey", () => {
  it("keeps an IPv4 address, also when mapped into IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys IPv6 addresses by their /64", () => {
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:0001:0002:ffff::9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("two addresses of one /64 share a key; of two /64s, they do not", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
  });

  it("answers 'unknown' for anything that is not an address", () => {
    expect(addressKey(undefined)).toBe("unknown");
    expect(addressKey("not an address")).toBe("unknown");
  });
});

describe("parseTrustProxy", () => {
  it("trusts nothing by default", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
  });

  it("takes a hop count", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
  });

  it("takes proxy addresses and CIDR ranges", () => {
    expect(parseTrustProxy("127.0.0.1, 10.0.0.0/8,fd00::/8,loopback")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses 'trust everything' and anything that is not an address", () => {
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("*")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("proxy.example")).toThrow(/TRUST_PROXY/);
  });
});
