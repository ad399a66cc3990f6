import { describe, expect, it } from "vitest";
import { altFromFileName } from "./alt-text";
import { ALT_MAX } from "./schema";

describe("altFromFileName", () => {
  it("reads a file name as words", () => {
    expect(altFromFileName("cafe-du-bureau_levis.jpg")).toBe("Cafe du bureau levis");
    expect(altFromFileName("Distributrice hall d'entrée (2).png")).toBe("Distributrice hall d'entrée 2");
    expect(altFromFileName("salle-de-pause-IMG_2034-edit.webp")).toBe("Salle de pause");
  });

  it("is empty for a name that describes nothing", () => {
    expect(altFromFileName("IMG_2034.JPG")).toBe("");
    expect(altFromFileName("PXL_20240315_142233123.jpg")).toBe("");
    expect(altFromFileName("Screenshot 2024-03-15 at 14.22.33.png")).toBe("");
    expect(altFromFileName("20240315.jpg")).toBe("");
    expect(altFromFileName("a.png")).toBe("");
  });

  it("stays within the description's limit, cut between words", () => {
    const long = `${"distributrice ".repeat(20)}.jpg`;
    const text = altFromFileName(long);
    expect(text.length).toBeLessThanOrEqual(ALT_MAX);
    expect(text.endsWith("distributrice")).toBe(true);
  });
});
