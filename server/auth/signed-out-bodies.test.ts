import { describe, expect, it } from "vitest";
import { isGuardedMutation } from "./signed-out-bodies";

describe("isGuardedMutation", () => {
  it("takes every method but a read on the staff screens, their data requests and endpoints", () => {
    for (const path of [
      "/edit",
      "/edit/sauvegarde",
      "/edit-products",
      "/edit-products.data",
      "/creer-machine",
      "/creer-machine/abc",
      "/about",
      "/about.data",
      "/api/upload/product-images",
      "/EDIT-GALLERY",
      "/%65dit-demandes",
    ]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(isGuardedMutation(method, path), path).toBe(true);
    }
  });

  it("leaves reads and the public site alone", () => {
    expect(isGuardedMutation("GET", "/edit-products")).toBe(false);
    expect(isGuardedMutation("HEAD", "/edit")).toBe(false);
    for (const path of ["/", "/contact", "/login", "/logout", "/produits", "/editorial", "/_root.data", "/%zz"]) {
      expect(isGuardedMutation("POST", path), path).toBe(false);
    }
  });
});
