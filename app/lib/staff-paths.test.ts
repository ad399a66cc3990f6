import { describe, expect, it } from "vitest";
import { isStaffPath, STAFF_SCREENS } from "./staff-paths";

describe("staff paths", () => {
  it("are the guarded screens and sign-in, each by its first segment", () => {
    expect(STAFF_SCREENS).toEqual([
      "/creer-machine",
      "/about",
      "/edit",
      "/edit-products",
      "/edit-machines",
      "/edit-gallery",
      "/edit-demandes",
      "/login",
      "/logout",
    ]);
  });

  it("cover a screen, the pages under it and any letter case, and nothing public", () => {
    for (const path of ["/edit", "/edit-products", "/creer-machine/42", "/About", "/login"]) {
      expect(isStaffPath(path)).toBe(true);
    }
    for (const path of ["/", "/produits", "/editeur", "/machines/a/b", "/contact"])
      expect(isStaffPath(path)).toBe(false);
  });
});
