import { describe, expect, it } from "vitest";
import { isDataRequestKey, pageCacheKey } from "./page-key";

const ROUTES = new Set(["root", "routes/home", "routes/produits", "routes/notre-offre"]);
const key = (url: string) => pageCacheKey(url, ROUTES);

describe("pageCacheKey", () => {
  it("drops defaults, empty values and unknown parameters, so equal pages share one key", () => {
    expect(key("/produits?page=1&q=")).toBe("/produits");
    expect(key("/produits?utm_source=x&fbclid=1")).toBe("/produits");
    expect(key("/produits")).toBe("/produits");
    expect(key("/?utm_campaign=hiver")).toBe("/");
    expect(key("/galerie?page=2")).toBe("/galerie");
    expect(key("/PRODUITS/")).toBe("/produits");
    expect(key("/Machines//?page=2")).toBe("/machines");
    expect(key("/")).toBe("/");
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

  it("keeps the machine view's address, its id in lower case, and drops a malformed one", () => {
    const id = "0B7C4F8E-3D2A-4C1B-9E8F-1A2B3C4D5E6F";
    expect(key(`/notre-offre?utm_source=x&machine=${id}`)).toBe(`/notre-offre?machine=${id.toLowerCase()}`);
    expect(key(`/notre-offre.data?machine=${id}`)).toBe(`/notre-offre.data?machine=${id.toLowerCase()}`);
    expect(key("/notre-offre?machine=nope")).toBe("/notre-offre");
  });

  it("keeps the staff screen a sign-in goes on to, and drops any other", () => {
    expect(key("/login?retour=/edit-service/abc&x=1")).toBe("/login?retour=%2Fedit-service%2Fabc");
    expect(key("/login?retour=https://ailleurs.example")).toBe("/login");
  });

  it("keeps the machine the contact form asks about", () => {
    const id = "0b7c4f8e-3d2a-4c1b-9e8f-1a2b3c4d5e6f";
    expect(key(`/contact?machine=${id.toUpperCase()}&utm_medium=x`)).toBe(`/contact?machine=${id}`);
    expect(key("/contact?machine=x")).toBe("/contact");
  });

  it("keeps a machine page's code as typed (a redirect answers other spellings) and leaves its forms out", () => {
    expect(key("/m/BD-7K2M")).toBe("/m/BD-7K2M");
    expect(key("/M/BD-7K2M/")).toBe("/m/BD-7K2M");
    expect(key("/m/bd7k2m")).toBe("/m/bd7k2m");
    expect(key("/m/BD-7K2M.data?_routes=root,nope")).toBe("/m/BD-7K2M.data?_routes=root");
    expect(key("/m/BD-7K2M?formulaire=probleme")).toBeNull();
    expect(key("/m/BD-7K2M?merci=S-AB2CD")).toBeNull();
    expect(key("/m/BD-7K2M?utm_source=qr")).toBeNull();
  });

  it("keeps the routes a data request asks for, real ones only, sorted", () => {
    expect(key("/produits.data?_routes=routes%2Fproduits,root&page=2")).toBe(
      "/produits.data?_routes=root%2Croutes%2Fproduits&page=2",
    );
    expect(key("/_.data?_routes=nope")).toBe("/_.data");
    expect(key("/_.data?utm=1")).toBe("/_.data");
  });

  it("tells a client navigation's data request from a page", () => {
    expect(isDataRequestKey("/_.data")).toBe(true);
    expect(isDataRequestKey("/produits.data?page=2")).toBe(true);
    expect(isDataRequestKey("/produits?q=x.data")).toBe(false);
    expect(isDataRequestKey("/galerie")).toBe(false);
  });

  it("does not answer what is not a plain page path", () => {
    expect(key("//elsewhere.example/produits")).toBeNull();
    expect(key(`/${"a".repeat(400)}`)).toBeNull();
    expect(key("/__manifest?p=%2Fconfirmation&version=abc")).toBeNull();
  });
});
