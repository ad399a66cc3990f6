import { describe, expect, it } from "vitest";
import { DEFAULT_TEXTS } from "~/features/site-texts/site-texts";
import { servicePromises } from "./promises";

describe("a proposal's promises", () => {
  it("are the home page's four, in order, with their published texts", () => {
    const promises = servicePromises({ ...DEFAULT_TEXTS.home, promise2Title: "Livrée en 12 heures" });
    expect(promises.map((p) => p.title)).toEqual([
      DEFAULT_TEXTS.home.promise1Title,
      "Livrée en 12 heures",
      DEFAULT_TEXTS.home.promise3Title,
      DEFAULT_TEXTS.home.promise4Title,
    ]);
    expect(promises[0]!.text).toBe(DEFAULT_TEXTS.home.promise1Text);
  });
  it("leave out one whose title and text are blank", () => {
    const promises = servicePromises({ ...DEFAULT_TEXTS.home, promise3Title: " ", promise3Text: "" });
    expect(promises).toHaveLength(3);
  });
});
