import { describe, expect, it } from "vitest";
import { clearSessionCookies, readSessionToken, readSessionTokens, sessionCookie, sessionPolicy } from "./sessions";

const policy = sessionPolicy({ sessionIdleMinutes: 120, sessionMaxHours: 12 });

describe("session cookie", () => {
  it("is __Host-sid, Secure, for the whole site over HTTPS; sid over plain HTTP", () => {
    expect(sessionCookie("jeton", true, policy)).toBe(
      "__Host-sid=jeton; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure",
    );
    expect(sessionCookie("jeton", false, policy)).toBe("sid=jeton; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200");
  });

  it("is read under either name, the __Host- one first", () => {
    expect(readSessionToken("sid=a")).toBe("a");
    expect(readSessionToken("__Host-sid=b")).toBe("b");
    expect(readSessionToken("sid=a; __Host-sid=b")).toBe("b");
    expect(readSessionTokens("sid=a; autre=c; __Host-sid=b")).toEqual(["b", "a"]);
    expect(readSessionToken("autre=c")).toBeUndefined();
    expect(readSessionToken(undefined)).toBeUndefined();
  });

  it("is cleared under both names over HTTPS (a __Host- cookie only with Secure)", () => {
    const cleared = clearSessionCookies(true);
    expect(cleared).toHaveLength(2);
    expect(cleared[0]).toMatch(/^__Host-sid=; Path=\/;.*Max-Age=0; Secure$/);
    expect(cleared[1]).toMatch(/^sid=;.*Max-Age=0/);
    expect(clearSessionCookies(false)).toEqual(["sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"]);
  });
});

describe("sessionPolicy", () => {
  it("turns the settings into milliseconds", () => {
    expect(policy).toEqual({ idleMs: 2 * 60 * 60 * 1000, maxMs: 12 * 60 * 60 * 1000 });
    expect(sessionPolicy({ sessionIdleMinutes: 30, sessionMaxHours: 1 })).toEqual({
      idleMs: 30 * 60 * 1000,
      maxMs: 60 * 60 * 1000,
    });
  });
});
