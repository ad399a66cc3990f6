import { describe, expect, it } from "vitest";
import { containsPattern, inboxQueryString, parseInboxQuery } from "./inbox-search";

describe("inbox query", () => {
  it("reads the folder, a trimmed search and the page; unknown values fall back", () => {
    expect(parseInboxQuery(new URLSearchParams("dossier=gagnee&q=  Marie   Tremblay &page=3"))).toEqual({
      folder: "gagnee",
      search: "Marie Tremblay",
      page: 3,
    });
    expect(parseInboxQuery(new URLSearchParams("dossier=x&page=-4"))).toEqual({
      folder: "toutes",
      search: "",
      page: 1,
    });
    expect(parseInboxQuery(new URLSearchParams(`q=${"a".repeat(500)}`)).search).toHaveLength(100);
  });
  it("writes the query back, leaving out the defaults", () => {
    expect(inboxQueryString({ folder: "toutes", search: "", page: 1 })).toBe("");
    expect(inboxQueryString({ folder: "indesirables", search: "café", page: 2 })).toBe(
      "?dossier=indesirables&q=caf%C3%A9&page=2",
    );
  });
  it("takes the search's own wildcards literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
