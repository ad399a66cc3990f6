import { describe, expect, it } from "vitest";
import { machineViewSeo } from "./machine-view-seo";
import type { MachineDetail } from "./view";

const ID = "0b7c4f8e-3d2a-4c1b-9e8f-1a2b3c4d5e6f";
const CAT = "11111111-2222-4333-8444-555555555555";
const page = { title: "Notre offre", description: "L'offre.", path: "/notre-offre" };
const machine: MachineDetail = {
  id: ID,
  nom: "Combo Élite",
  description: "Collations et boissons fraîches.",
  images: ["/media/a.webp"],
  imageAlts: [""],
  disponible: true,
  tempsCommande: null,
  avantages: [],
  specifications: [],
  categorieId: CAT,
};

describe("machineViewSeo", () => {
  it("names the machine and points to its own page as canonical", () => {
    expect(machineViewSeo(page, { id: ID, machine })).toEqual({
      title: "Combo Élite — Notre offre",
      description: "Collations et boissons fraîches.",
      path: `/machines/${CAT}/${ID}`,
      image: "/media/a.webp",
      imageAlt: "Combo Élite",
    });
  });

  it("is its own canonical for a machine outside any category", () => {
    expect(machineViewSeo(page, { id: ID, machine: { ...machine, categorieId: null } }).path).toBe(
      `/notre-offre?machine=${ID}`,
    );
  });

  it("keeps an unknown machine out of search results", () => {
    expect(machineViewSeo(page, { id: ID, machine: null })).toMatchObject({ noindex: true, path: undefined });
  });
});
