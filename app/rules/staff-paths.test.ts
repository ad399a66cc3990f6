import { describe, expect, it } from "vitest";
import { isStaffWorkScreen, STAFF_SCREENS, staffReturnPath } from "./staff-paths";

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
      "/edit-statistiques",
      "/edit-propositions",
      "/edit-installations",
      "/edit-service",
      "/edit-pages",
      "/edit-journal",
      "/edit-redirects",
      "/edit-equipe",
      "/edit-compte",
      "/login",
      "/logout",
      "/admin",
      "/invitation",
      "/mot-de-passe-oublie",
      "/mot-de-passe",
    ]);
  });

  it("are worked in, with the pages under them, in any letter case; the about page is read", () => {
    for (const path of ["/edit", "/edit-products", "/creer-machine/42", "/EDIT-Gallery", "/login"]) {
      expect(isStaffWorkScreen(path), path).toBe(true);
    }
    for (const path of ["/", "/produits", "/editeur", "/machines/a/b", "/contact", "/about", "/About"]) {
      expect(isStaffWorkScreen(path), path).toBe(false);
    }
  });

  it("let a sign-in go on to a staff screen of this site, and nowhere else", () => {
    const ticket = "/edit-service/0b7c4f8e-3d2a-4c1b-9e8f-1a2b3c4d5e6f";
    expect(staffReturnPath(ticket)).toBe(ticket);
    expect(staffReturnPath("/edit-demandes?dossier=nouvelles")).toBe("/edit-demandes?dossier=nouvelles");
    for (const elsewhere of [
      null,
      "",
      "https://evil.example/edit",
      "//evil.example/edit",
      "/\\evil.example",
      "/produits",
      "/login",
      "/logout",
      "edit",
    ])
      expect(staffReturnPath(elsewhere)).toBeNull();
  });
});
