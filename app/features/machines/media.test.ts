import { describe, expect, it } from "vitest";
import { machineMedia, machinePhotoAlt, mainImage, mainPicture } from "./media";

describe("machineMedia", () => {
  it("lists the images in order, then the video last", () => {
    expect(
      machineMedia({
        images: ["/media/machine-images/a.webp", "/media/machine-images/b.webp"],
        video: "/media/machine-videos/v.mp4",
      }),
    ).toEqual([
      { type: "image", src: "/media/machine-images/a.webp" },
      { type: "image", src: "/media/machine-images/b.webp" },
      { type: "video", src: "/media/machine-videos/v.mp4", poster: "/media/machine-images/a.webp" },
    ]);
  });

  it("leaves out placeholders and blank entries", () => {
    expect(
      machineMedia({ images: ["", "  ", "/placeholder.svg", "/media/machine-images/a.webp", null], video: "" }),
    ).toEqual([{ type: "image", src: "/media/machine-images/a.webp" }]);
    expect(machineMedia({ images: ["https://cdn.example.com/placeholder.svg"], video: null })).toEqual([]);
  });

  it("is empty without images or video, and keeps a lone video", () => {
    expect(machineMedia({ images: [], video: null })).toEqual([]);
    expect(machineMedia({ images: null })).toEqual([]);
    expect(machineMedia({ images: ["/placeholder.svg"], video: "/media/machine-videos/v.mp4" })).toEqual([
      { type: "video", src: "/media/machine-videos/v.mp4", poster: undefined },
    ]);
  });
});

describe("mainImage", () => {
  const images = ["/media/machine-images/a.webp", "/media/machine-images/b.webp", "/placeholder.svg"];
  it("takes the image at main_image_index", () => {
    expect(mainImage({ images, main_image_index: 1 })).toBe("/media/machine-images/b.webp");
    expect(mainImage({ images, main_image_index: 0 })).toBe("/media/machine-images/a.webp");
  });
  it("falls back to the first real image when the index is out of range or a placeholder", () => {
    expect(mainImage({ images, main_image_index: 2 })).toBe("/media/machine-images/a.webp");
    expect(mainImage({ images, main_image_index: 9 })).toBe("/media/machine-images/a.webp");
    expect(mainImage({ images, main_image_index: -1 })).toBe("/media/machine-images/a.webp");
  });
  it("is null without a real image", () => {
    expect(mainImage({ images: ["/placeholder.svg", ""], main_image_index: 0 })).toBeNull();
    expect(mainImage({ images: [], main_image_index: 0 })).toBeNull();
  });
});

describe("pictures' descriptions", () => {
  it("each carousel picture carries its own description, placeholders left out without shifting them", () => {
    expect(
      machineMedia({
        images: ["/placeholder.svg", "/media/machine-images/a.webp", "/media/machine-images/b.webp"],
        image_alts: ["Ignorée", " ", "Le clavier"],
      }),
    ).toEqual([
      { type: "image", src: "/media/machine-images/a.webp" },
      { type: "image", src: "/media/machine-images/b.webp", alt: "Le clavier" },
    ]);
  });

  it("the card picture comes with its description", () => {
    const machine = { images: ["/placeholder.svg", "/a.webp", "/b.webp"], image_alts: ["", "A", "B"] };
    expect(mainPicture({ ...machine, main_image_index: 2 })).toEqual({ src: "/b.webp", alt: "B" });
    expect(mainPicture({ ...machine, main_image_index: 0 })).toEqual({ src: "/a.webp", alt: "A" });
    expect(mainPicture({ ...machine, image_alts: [], main_image_index: 1 })).toEqual({ src: "/a.webp", alt: null });
    expect(mainPicture({ images: [], main_image_index: 0 })).toBeNull();
  });

  it("without one, a machine page's picture is 'name, photo n'", () => {
    expect(machinePhotoAlt("Boréal", 1)).toBe("Boréal, photo 2");
  });
});
