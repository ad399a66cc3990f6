import { describe, expect, it } from "vitest";
import { isSameSitePath, OFF_SITE_MESSAGE, redirectKey, redirectLoop, sitePath } from "./rules";

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

  it("checks the path once normalised: dot segments, encoded dots and slashes, backslashes", () => {
    for (const bad of [
      "/.//evil.example/x",
      "/..//evil.example/x",
      "/%2e//evil.example/x",
      "/%2E%2E//evil.example/x",
      "/././/evil.example/x",
      "/a/..//evil.example/x",
      "/%2f%2fevil.example/x",
      "/%2F/evil.example/x",
      "/%5c%5cevil.example/x",
      "/.\\evil.example/x",
      "/\\/evil.example/x",
      "/\t/evil.example/x",
      "/\n/evil.example/x",
      "https://boreal.example/.//evil.example/x",
    ]) {
      expect(sitePath(bad, ORIGIN), JSON.stringify(bad)).toEqual({ ok: false, error: OFF_SITE_MESSAGE });
    }
    // Dot segments that stay on the site are fine, and stored normalised.
    expect(sitePath("/a/../notre-offre", ORIGIN)).toEqual({ ok: true, path: "/notre-offre" });
    expect(sitePath("/./contact", ORIGIN)).toEqual({ ok: true, path: "/contact" });
  });

  it("tells a path that stays on this site from one a browser reads as another site", () => {
    for (const good of ["/", "/contact", "/a/b?c=%2F", "/%252f%252fx"]) expect(isSameSitePath(good), good).toBe(true);
    for (const bad of [
      "//evil.example/x",
      "/\\evil.example",
      "evil.example",
      "",
      "/a\tb",
      "/a\\b",
      "https://evil.example",
    ]) {
      expect(isSameSitePath(bad), JSON.stringify(bad)).toBe(false);
    }
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
