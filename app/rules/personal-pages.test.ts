import { describe, expect, it } from "vitest";
import { isPersonalPath, loggedAddress, statisticsPath, takesVisitorPhotos } from "./personal-pages";

const TOKEN = "Xy3kQ9vLm2Pn8RtW5sZa7bC1dE4fG6hJ";

describe("personal pages' secrets", () => {
  it("keeps the route's pattern in the statistics, never the token", () => {
    expect(statisticsPath(`/proposition/${TOKEN}`)).toBe("/proposition/:jeton");
    expect(statisticsPath(`/proposition/${TOKEN}.pdf`)).toBe("/proposition/:jeton");
    expect(statisticsPath(`/proposition/${TOKEN}/pdf`)).toBe("/proposition/:jeton");
    expect(statisticsPath(`/Proposition/${TOKEN}`)).toBe("/proposition/:jeton");
    expect(statisticsPath(`/propositio%6E/${TOKEN}`)).toBe("/proposition/:jeton");
    expect(statisticsPath(`/proposition/${TOKEN}/`)).toBe("/proposition/:jeton");
  });

  it("leaves every other path as it is", () => {
    expect(statisticsPath("/")).toBe("/");
    expect(statisticsPath("/proposition")).toBe("/proposition");
    expect(statisticsPath("/produits/chips-sel")).toBe("/produits/chips-sel");
    expect(statisticsPath("/%E0%A4%A/x")).toBe("/%E0%A4%A/x");
  });

  it("tells a personal page's paths, a mistyped token included, from every other path", () => {
    expect(isPersonalPath(`/proposition/${TOKEN}x`)).toBe(true);
    expect(isPersonalPath(`/PROPOSITION/${TOKEN}.pdf`)).toBe(true);
    expect(isPersonalPath("/proposition")).toBe(false);
    expect(isPersonalPath("/produits/chips-sel")).toBe(false);
  });

  it("writes a placeholder in the request log, for the page and its PDF", () => {
    expect(loggedAddress(`/proposition/${TOKEN}`)).toBe("/proposition/[jeton]");
    expect(loggedAddress(`/proposition/${TOKEN}.pdf`)).toBe("/proposition/[jeton].pdf");
    expect(loggedAddress(`/proposition/${TOKEN}?_data=x&t=${TOKEN}`)).toBe("/proposition/[jeton]");
    expect(loggedAddress(`/proposition/${TOKEN}/pdf`)).toBe("/proposition/[jeton]/pdf");
    expect(loggedAddress(`/proposition/${TOKEN}.data`)).toBe("/proposition/[jeton]");
    expect(loggedAddress("/produits?q=chips")).toBe("/produits?q=chips");
    expect(loggedAddress(`/desabonnement/${TOKEN}`)).toBe("/desabonnement/[jeton]");
    expect(statisticsPath(`/desabonnement/${TOKEN}`)).toBe("/desabonnement/:jeton");
  });
});

describe("pages whose form carries a photo", () => {
  it("is a machine's page only", () => {
    expect(takesVisitorPhotos("m")).toBe(true);
    for (const segment of ["contact", "proposition", "edit-service", ""])
      expect(takesVisitorPhotos(segment)).toBe(false);
  });
});
