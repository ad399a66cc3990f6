import { describe, expect, it } from "vitest";
import { photoAlt, photoCaption, photoHref } from "./photo";

describe("photoAlt", () => {
  it("is the description the staff wrote", () => {
    expect(photoAlt({ nom: "Photo 1732100000000", alt: "Distributrice de café dans un bureau de Lévis" }, 0, 3)).toBe(
      "Distributrice de café dans un bureau de Lévis",
    );
    expect(photoAlt({ nom: "Café du bureau", alt: "  Hall d'entrée  " }, 0, 3)).toBe("Hall d'entrée");
  });
  it("without a description, keeps a real name", () => {
    expect(photoAlt({ nom: "Café du bureau, Lévis", alt: null }, 0, 3)).toBe("Café du bureau, Lévis");
    expect(photoAlt({ nom: "Café du bureau, Lévis", alt: " " }, 0, 3)).toBe("Café du bureau, Lévis");
  });
  it("replaces the auto-generated name by the photo's place in the series", () => {
    expect(photoAlt({ nom: "Photo 1732100000000", alt: null }, 1, 6)).toBe(
      "Distributrice installée chez un client, photo 2 sur 6",
    );
    expect(photoAlt({ nom: "  ", alt: null }, 0, 1)).toBe("Distributrice installée chez un client, photo 1 sur 1");
  });
});

describe("photoCaption", () => {
  it("is the description, else a real name, else nothing", () => {
    expect(photoCaption({ nom: "Photo 1732100000000", alt: "Salle de pause" })).toBe("Salle de pause");
    expect(photoCaption({ nom: "Café du bureau", alt: null })).toBe("Café du bureau");
    expect(photoCaption({ nom: "Photo 1732100000000", alt: null })).toBeNull();
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
