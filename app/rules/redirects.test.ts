import { describe, expect, it } from "vitest";
import { redirectKey, redirectLoop, sitePath } from "./redirects";

const ORIGIN = "https://boreal.example";

describe("redirects", () => {
  it("compares paths in lower case without a trailing slash or query", () => {
    expect(redirectKey("/Ancienne-Page/")).toBe("/ancienne-page");
    expect(redirectKey("/a?b=1")).toBe("/a");
    expect(redirectKey("/")).toBe("/");
  });

  it("takes paths of this site only", () => {
    expect(sitePath("/notre-offre", ORIGIN)).toEqual({ ok: true, path: "/notre-offre" });
    expect(sitePath("https://boreal.example/contact?x=1", ORIGIN)).toEqual({ ok: true, path: "/contact?x=1" });
    for (const bad of ["https://ailleurs.com/", "//ailleurs.com", "/\\ailleurs.com", "javascript:alert(1)"]) {
      expect(sitePath(bad, ORIGIN).ok, bad).toBe(false);
    }
    expect(sitePath("", ORIGIN)).toEqual({ ok: false, error: "Ce champ est requis." });
  });

  it("refuses a redirect to itself or one that closes a loop", () => {
    const existing = new Map([
      ["/b", "/c"],
      ["/c", "/a"],
    ]);
    expect(redirectLoop("/a", "/A/", new Map())).toBe("Cette redirection mène à elle-même.");
    expect(redirectLoop("/a", "/b", existing)).toBe("Cette redirection ferait une boucle avec une autre.");
    expect(redirectLoop("/d", "/b", existing)).toBeNull();
  });
});
