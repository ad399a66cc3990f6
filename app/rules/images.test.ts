import { describe, expect, it } from "vitest";
import { imageSrcSet, resizedImageUrl } from "./images";

describe("responsive image URLs", () => {
  it("resizes stored raster images only", () => {
    expect(resizedImageUrl("/media/product-images/product-1.webp", 320)).toBe(
      "/img/product-images/product-1.webp?w=320",
    );
    expect(resizedImageUrl("/placeholder.svg", 320)).toBeNull();
    expect(resizedImageUrl("https://example.com/a.png", 320)).toBeNull();
    expect(resizedImageUrl("/media/product-images/../x.webp", 320)).toBeNull();
  });
  it("lists widths up to twice the largest rendered width", () => {
    const set = imageSrcSet("/media/gallery-images/g-1.webp", 640)!;
    expect(set).toContain("?w=640 640w");
    expect(set).toContain("?w=1280 1280w");
    expect(set).not.toContain("1600w");
  });
});
