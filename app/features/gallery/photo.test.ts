import { describe, expect, it } from "vitest";
import { photoAlt, photoHref } from "./photo";

describe("photoAlt", () => {
  it("keeps a real name", () => {
    expect(photoAlt("Café du bureau, Lévis", 0, 3)).toBe("Café du bureau, Lévis");
  });
  it("replaces the auto-generated name by the photo's place in the series", () => {
    expect(photoAlt("Photo 1732100000000", 1, 6)).toBe("Distributrice installée chez un client, photo 2 sur 6");
    expect(photoAlt("  ", 0, 1)).toBe("Distributrice installée chez un client, photo 1 sur 1");
  });
});

describe("photoHref", () => {
  it("is the stored picture at the lightbox's largest size", () => {
    expect(photoHref("/media/gallery/photo-1.jpg")).toBe("/img/gallery/photo-1.jpg?w=1920");
  });
  it("is the picture itself when it cannot be resized", () => {
    expect(photoHref("/placeholder.svg")).toBe("/placeholder.svg");
    expect(photoHref("https://exemple.ca/photo.jpg")).toBe("https://exemple.ca/photo.jpg");
  });
});
