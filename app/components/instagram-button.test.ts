import { describe, expect, it } from "vitest";
import { showsInstagramButton } from "./instagram-button";

describe("where the floating Instagram button shows", () => {
  it("shows on the public pages, the 404 screen and the guarded about page", () => {
    for (const path of [
      "/",
      "/galerie",
      "/notre-offre",
      "/contact",
      "/confirmation",
      "/politique-de-confidentialite",
      "/produits",
      "/produits/abc",
      "/machines/cafe/espresso",
      "/about",
      "/n-importe-quoi",
      "/editorial",
      "/logins",
      "/creer-machines",
    ]) {
      expect(showsInstagramButton(path), path).toBe(true);
    }
  });

  it("stays off the staff screens, a machine's page, a proposal and the opt-out, whatever the case", () => {
    for (const path of [
      "/login",
      "/edit",
      "/edit/",
      "/edit-gallery",
      "/edit-products",
      "/edit-machines",
      "/edit-demandes",
      "/EDIT-Gallery",
      "/creer-machine",
      "/creer-machine/8f0c2a8e-1234",
      "/m/BD-7K3Q",
      "/proposition/UiDMd47bSN27q7OtxW9E7Qr0WG0KhqBuAfL7Ps1muiw",
      "/desabonnement/UiDMd47bSN27q7OtxW9E7Qr0WG0KhqBuAfL7Ps1muiw",
    ]) {
      expect(showsInstagramButton(path), path).toBe(false);
    }
  });
});
