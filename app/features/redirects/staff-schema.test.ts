import { describe, expect, it } from "vitest";
import { redirectsSchema } from "./staff-schema";
import { OFF_SITE_MESSAGE } from "~/features/redirects/rules";

const schema = redirectsSchema("https://boreal.example");
const issues = (value: Record<string, string>) =>
  schema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("a redirect's check", () => {
  it("keeps the old address as compared and the new one as typed", () => {
    expect(
      schema.parse({ intent: "add", from: "/Ancienne-Offre/", to: "https://boreal.example/notre-offre?x=1" }),
    ).toEqual({ intent: "add", from: "/ancienne-offre", to: "/notre-offre?x=1" });
  });

  it("names the wrong field in French: empty, another site, itself", () => {
    expect(issues({ intent: "add", from: "", to: "/notre-offre" })).toEqual([["from", "Ce champ est requis."]]);
    expect(issues({ intent: "add", from: "/a", to: "//ailleurs.example/x" })).toEqual([["to", OFF_SITE_MESSAGE]]);
    expect(issues({ intent: "add", from: "/a-b", to: "/A-B/" })).toEqual([
      ["to", "Cette redirection mène à elle-même."],
    ]);
  });

  it("removes by id only", () => {
    expect(schema.safeParse({ intent: "delete", id: "1" }).success).toBe(false);
    expect(schema.safeParse({ intent: "ailleurs" }).success).toBe(false);
  });
});
