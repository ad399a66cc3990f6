import { describe, expect, it } from "vitest";
import { GUARDED_ROUTES } from "./staff-paths";
import { accessFor, mayAccess, mayOpen, maySessionAccess, STAFF_ROLES } from "./staff-roles";

describe("staff roles", () => {
  it("let the owner open and change everything", () => {
    for (const [path] of GUARDED_ROUTES) {
      expect(mayAccess(["proprietaire"], "GET", `/${path}`), path).toBe(true);
      expect(mayAccess(["proprietaire"], "POST", `/${path}`), path).toBe(true);
    }
  });

  it("open each role's screens, with their data requests and pages under them, in any letter case", () => {
    expect(mayOpen(["ventes"], "/edit-demandes")).toBe(true);
    expect(mayOpen(["ventes"], "/edit-demandes/0b0e7c1e-1d0b-4c8e-9a39-7c1c1c1c1c1c.data")).toBe(true);
    expect(mayOpen(["ventes"], "/EDIT-Propositions")).toBe(true);
    expect(mayOpen(["ventes"], "/edit-statistiques/export")).toBe(true);
    expect(mayOpen(["service"], "/edit-service/x/photo")).toBe(true);
    expect(mayOpen(["service"], "/edit-installations/etiquettes.pdf")).toBe(true);
    expect(mayOpen(["contenu"], "/edit-pages")).toBe(true);
    expect(mayAccess(["contenu"], "POST", "/api/upload/product-images")).toBe(true);
  });

  it("keep other roles' screens closed", () => {
    expect(mayOpen(["service"], "/edit-demandes")).toBe(false);
    expect(mayOpen(["service"], "/edit-demandes/export.csv")).toBe(false);
    expect(mayOpen(["contenu"], "/edit-statistiques/export")).toBe(false);
    expect(mayOpen(["ventes"], "/edit-products.data")).toBe(false);
    expect(mayAccess(["ventes"], "POST", "/api/upload/gallery-images")).toBe(false);
    expect(mayOpen(["ventes"], "/edit-service")).toBe(false);
  });

  it("keep the team, the journal and the backup to the owner", () => {
    for (const role of STAFF_ROLES.filter((r) => r !== "proprietaire")) {
      for (const path of ["/edit-equipe", "/edit-journal", "/edit/sauvegarde", "/edit/sauvegarde.data"]) {
        expect(mayOpen([role], path), `${role} ${path}`).toBe(false);
      }
    }
  });

  it("show the panel to everyone; only the content editors place its video", () => {
    for (const role of STAFF_ROLES) expect(mayOpen([role], "/edit"), role).toBe(true);
    expect(mayAccess(["ventes"], "POST", "/edit")).toBe(false);
    expect(mayAccess(["contenu"], "POST", "/edit.data")).toBe(true);
  });

  it("add up when a person holds several roles", () => {
    expect(mayOpen(["ventes", "service"], "/edit-demandes")).toBe(true);
    expect(mayOpen(["ventes", "service"], "/edit-service")).toBe(true);
    expect(mayOpen(["ventes", "service"], "/edit-gallery")).toBe(false);
  });

  it("give a machine's proposal template to the machine editor as well as to sales", () => {
    expect(mayAccess(["contenu"], "POST", "/edit-propositions/modele/3")).toBe(true);
    expect(mayOpen(["contenu"], "/edit-propositions")).toBe(false);
  });

  it("name every guarded screen: one not named is the owner's alone; the public site is everyone's", () => {
    const ownersOnly = ["edit-equipe", "edit-journal", "edit/sauvegarde"];
    for (const [path] of GUARDED_ROUTES) {
      if (!ownersOnly.includes(path)) expect(accessFor("GET", `/${path}`), path).not.toEqual([]);
    }
    expect(accessFor("GET", "/edit-equipe")).toEqual([]);
    expect(accessFor("GET", "/produits")).toBe("everyone");
    expect(mayOpen(["service"], "/machines")).toBe(true);
  });

  it("open only Mon compte to a session the owner's rule wants stronger, whatever its roles", () => {
    const weak = { roles: ["proprietaire" as const], mustAddSecondFactor: true };
    expect(maySessionAccess(weak, "GET", "/edit-compte")).toBe(true);
    expect(maySessionAccess(weak, "POST", "/edit-compte/application")).toBe(true);
    expect(maySessionAccess(weak, "GET", "/edit")).toBe(false);
    expect(maySessionAccess(weak, "POST", "/edit-equipe.data")).toBe(false);
    expect(maySessionAccess({ ...weak, mustAddSecondFactor: false }, "POST", "/edit-equipe.data")).toBe(true);
    expect(maySessionAccess({ roles: ["ventes"], mustAddSecondFactor: false }, "GET", "/edit-gallery")).toBe(false);
  });
});
