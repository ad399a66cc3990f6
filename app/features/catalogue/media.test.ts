import { describe, expect, it } from "vitest";
import { isRealMedia, productImages } from "./media";

describe("productImages", () => {
  it("keeps the main then the nutrition image, without placeholders", () => {
    expect(
      productImages({ image: "/media/product-images/a.webp", nutrition_image: "/media/product-images/n.webp" }),
    ).toEqual(["/media/product-images/a.webp", "/media/product-images/n.webp"]);
    expect(productImages({ image: "/placeholder.svg", nutrition_image: "/media/product-images/n.webp" })).toEqual([
      "/media/product-images/n.webp",
    ]);
    expect(productImages({ image: "/placeholder.svg", nutrition_image: "/placeholder.svg" })).toEqual([]);
  });
  it("recognises real media", () => {
    expect(isRealMedia("/placeholder.svg?v=2")).toBe(false);
    expect(isRealMedia("/media/x/y.webp")).toBe(true);
    expect(isRealMedia(undefined)).toBe(false);
  });
});
