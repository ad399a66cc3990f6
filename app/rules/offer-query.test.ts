import { describe, expect, it } from "vitest";
import {
  offerDialogHash,
  offerMachineUrl,
  offerQueryUrl,
  parseOfferDialogHash,
  parseOfferMachine,
  parseOfferQuery,
} from "./offer-query";

const ID = "0b7c4f8e-3d2a-4c1b-9e8f-1a2b3c4d5e6f";
const params = (query: string) => new URLSearchParams(query);

describe("parseOfferQuery", () => {
  it("reads each dialog level", () => {
    expect(parseOfferQuery(params("vue=categories"))).toEqual({ vue: "categories" });
    expect(parseOfferQuery(params(`vue=machines&categorie=${ID}`))).toEqual({ vue: "machines", categorie: ID });
    expect(parseOfferQuery(params(`vue=machine&id=${ID}`))).toEqual({ vue: "machine", id: ID });
    expect(parseOfferQuery(params(`vue=produit&id=${ID}`))).toEqual({ vue: "produit", id: ID });
    expect(parseOfferQuery(params("vue=produits&q=café"))).toEqual({ vue: "produits", q: "café", limite: 24 });
  });

  it("clamps the product limit and refuses bad ids", () => {
    expect(parseOfferQuery(params("vue=produits&limite=5"))).toMatchObject({ limite: 24 });
    expect(parseOfferQuery(params("vue=produits&limite=48"))).toMatchObject({ limite: 48 });
    expect(parseOfferQuery(params("vue=produits&limite=99999"))).toMatchObject({ limite: 240 });
    expect(parseOfferQuery(params("vue=machine&id=1"))).toBeNull();
    expect(parseOfferQuery(params("vue=machines"))).toBeNull();
    expect(parseOfferQuery(params("vue=autre"))).toBeNull();
    expect(parseOfferQuery(params(""))).toBeNull();
  });

  it("round-trips through the URL", () => {
    const url = offerQueryUrl({ vue: "produits", q: "thé vert", limite: 48 });
    expect(url).toBe("/notre-offre?vue=produits&q=th%C3%A9+vert&limite=48");
    expect(parseOfferQuery(new URL(url, "http://x").searchParams)).toEqual({
      vue: "produits",
      q: "thé vert",
      limite: 48,
    });
  });
});

describe("parseOfferMachine", () => {
  it("reads the machine view's id, in lower case, and nothing else", () => {
    expect(parseOfferMachine(params(`machine=${ID.toUpperCase()}`))).toBe(ID);
    expect(parseOfferMachine(params("machine=1"))).toBeNull();
    expect(parseOfferMachine(params(""))).toBeNull();
    // A dialog's request is not the view.
    expect(parseOfferMachine(params(`vue=categories&machine=${ID}`))).toBeNull();
  });

  it("round-trips through the URL", () => {
    expect(offerMachineUrl(ID)).toBe(`/notre-offre?machine=${ID}`);
    expect(parseOfferMachine(new URL(offerMachineUrl(ID), "http://x").searchParams)).toBe(ID);
  });
});

describe("the dialogs' addresses", () => {
  it("reads the machines dialog, one of its categories and the products dialog from the fragment", () => {
    expect(parseOfferDialogHash("#nos-machines")).toEqual({ dialog: "machines", category: null });
    expect(parseOfferDialogHash(`#nos-machines/${ID.toUpperCase()}`)).toEqual({ dialog: "machines", category: ID });
    expect(parseOfferDialogHash("#nos-produits")).toEqual({ dialog: "produits" });
  });

  it("ignores any other fragment: a section's, a bad category, extra parts", () => {
    for (const hash of [
      "",
      "#",
      "#produits",
      "#machine",
      "#nos-machines/abc",
      `#nos-machines/${ID}/x`,
      "#nos-produits/x",
    ])
      expect(parseOfferDialogHash(hash), hash).toBeNull();
  });

  it("round-trips", () => {
    for (const place of [
      { dialog: "machines", category: null },
      { dialog: "machines", category: ID },
      { dialog: "produits" },
    ] as const)
      expect(parseOfferDialogHash(offerDialogHash(place))).toEqual(place);
  });
});
