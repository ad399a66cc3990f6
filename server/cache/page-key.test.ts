import { describe, expect, it } from "vitest";
import { pageCacheKey } from "./page-key";

const key = pageCacheKey;

describe("pageCacheKey", () => {
  it("drops defaults, empty values and unknown parameters, so equal pages share one key", () => {
    expect(key("/produits?page=1&q=")).toBe("/produits");
    expect(key("/produits?utm_source=x&fbclid=1")).toBe("/produits");
    expect(key("/produits")).toBe("/produits");
    expect(key("/?utm_campaign=hiver")).toBe("/");
    expect(key("/galerie?page=2")).toBe("/galerie");
  });

  it("keeps the catalogue's filters, sorted by name, with their canonical spelling", () => {
    expect(key("/produits?top10=on&q=%20chips%20")).toBe("/produits?q=chips&top10=1");
    expect(key("/produits?page=3&tag=Sans+gluten")).toBe("/produits?page=3&tag=Sans+gluten");
    expect(key("/produits?page=abc")).toBe("/produits");
  });

  it("keeps a dialog's query on the offer page and drops a malformed one", () => {
    expect(key("/notre-offre?vue=categories&junk=1")).toBe("/notre-offre?vue=categories");
    expect(key("/notre-offre?vue=machine&id=nope")).toBe("/notre-offre");
  });

  it("does not answer what is not a plain page path", () => {
    expect(key("//elsewhere.example/produits")).toBeNull();
    expect(key(`/${"a".repeat(400)}`)).toBeNull();
    expect(key("/__manifest?p=%2Fconfirmation&version=abc")).toBeNull();
    expect(key("/produits.data?_routes=routes%2Fproduits")).toBeNull();
    expect(key("/_.data")).toBeNull();
  });
});
