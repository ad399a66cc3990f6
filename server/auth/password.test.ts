import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password";

describe("passwords", () => {
  it("are hashed with scrypt N=2^17, r=8, p=1 and checked", async () => {
    const hash = await hashPassword("érable-sucré-2026");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword("érable-sucré-2026", hash)).toBe(true);
    expect(await verifyPassword("erable-sucre-2026", hash)).toBe(false);
    // Three slow hashes by design: room for a runner busy with other tests.
  }, 30_000);

  it("made with weaker parameters still verify, and ask to be rehashed", async () => {
    const weak = await hashPassword("érable-sucré-2026", { N: 2 ** 14, r: 8, p: 1 });
    expect(weak).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("érable-sucré-2026", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash("autre-chose")).toBe(true);
  });

  it("refuse stored parameters that would exhaust memory, or a malformed hash", async () => {
    const huge = `scrypt$${2 ** 24}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA`;
    expect(await verifyPassword("x", huge)).toBe(false);
    expect(await verifyPassword("x", "scrypt$16384$8$1$AAAA")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$abc")).toBe(false);
  });

  it("the stand-in hash for unknown usernames uses today's parameters, so both paths cost the same", () => {
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  it("must be at least 12 characters (letters, not bytes)", () => {
    expect(passwordProblem("court-123")).toBe("Le mot de passe doit compter au moins 12 caractères.");
    expect(passwordProblem("éééééééééééé")).toBeNull();
    expect(passwordProblem("ééééééééééé")).not.toBeNull();
    expect(passwordProblem("un-mot-de-passe")).toBeNull();
  });
});
