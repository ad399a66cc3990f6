import { describe, expect, it } from "vitest";
import { photoAlt } from "./photo";

describe("photoAlt", () => {
  it("keeps a real name", () => {
    expect(photoAlt("Café du bureau, Lévis", 0, 3)).toBe("Café du bureau, Lévis");
  });
  it("replaces the auto-generated name by the photo's place in the series", () => {
    expect(photoAlt("Photo 1732100000000", 1, 6)).toBe("Distributrice installée chez un client, photo 2 sur 6");
    expect(photoAlt("  ", 0, 1)).toBe("Distributrice installée chez un client, photo 1 sur 1");
  });
});
