import { describe, expect, it } from "vitest";
import { categoryDerivedSeo, machineDerivedSeo, searchAndSharing } from "./seo";

const none = { seo_title: null, seo_description: null, share_image: null, share_image_alt: null };
const main = { src: "/media/machine-images/a.webp", alt: "La Boréal vue de face" };

describe("search and sharing of a machine or category page", () => {
  it("derives the title and description from the machine or the category", () => {
    expect(machineDerivedSeo({ nom: "Boréal", description: "" })).toEqual({
      title: "Boréal",
      description: "Boréal : distributrice haut de gamme installée gratuitement.",
    });
    expect(categoryDerivedSeo({ nom: "Café", description: "Espresso et latte." })).toEqual({
      title: "Café — Machines",
      description: "Espresso et latte.",
    });
  });

  it("without staff values: the derived texts, the page's picture and that picture's own description", () => {
    const derived = machineDerivedSeo({ nom: "Boréal", description: "Vitrine." });
    expect(searchAndSharing(none, derived, [main])).toEqual({
      title: "Boréal",
      description: "Vitrine.",
      image: "/media/machine-images/a.webp",
      imageAlt: "La Boréal vue de face",
    });
    // No description of the picture: pageMeta falls back to the title; no picture: the brand's.
    expect(searchAndSharing(none, derived, [{ ...main, alt: null }]).imageAlt).toBeUndefined();
    expect(searchAndSharing(none, derived, [null, undefined])).toMatchObject({ image: undefined, imageAlt: undefined });
  });

  it("the staff's values win; blank ones keep the derived", () => {
    const derived = { title: "Boréal", description: "Vitrine." };
    const staff = {
      seo_title: " Distributrice Boréal ",
      seo_description: "  ",
      share_image: "/media/machine-images/partage.webp",
      share_image_alt: "La Boréal dans un hall",
    };
    expect(searchAndSharing(staff, derived, [main])).toEqual({
      title: "Distributrice Boréal",
      description: "Vitrine.",
      image: "/media/machine-images/partage.webp",
      imageAlt: "La Boréal dans un hall",
    });
    // A share picture of its own never carries the main picture's description.
    expect(searchAndSharing({ ...staff, share_image_alt: null }, derived, [main]).imageAlt).toBeUndefined();
    // Falls through to the next picture when the first is missing.
    expect(searchAndSharing(none, derived, [null, main]).image).toBe(main.src);
  });
});
