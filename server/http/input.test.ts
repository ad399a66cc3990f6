import { describe, expect, it } from "vitest";
import { cleanBody, cleanQuery } from "./input";

describe("cleanQuery", () => {
  it("removes encoded control characters from the query only", () => {
    expect(cleanQuery("/produits?q=caf%00%C3%A9&tag=%1Fbio%7F")).toBe("/produits?q=caf%C3%A9&tag=bio");
    expect(cleanQuery("/produits?q=a%0Ab%09c")).toBe("/produits?q=abc");
    expect(cleanQuery("/produits/%00")).toBe("/produits/%00");
    expect(cleanQuery("/produits?q=%25%30%30")).toBe("/produits?q=%25%30%30");
  });
});

describe("cleanBody", () => {
  const form = "application/x-www-form-urlencoded; charset=UTF-8";

  it("removes controls from a urlencoded form but keeps line breaks and tabs", () => {
    const body = Buffer.from("nom=a%00b&message=ligne%0D%0Aligne%09fin%07&x=%C3%A9");
    expect(cleanBody(body, form).toString()).toBe("nom=ab&message=ligne%0D%0Aligne%09fin&x=%C3%A9");
  });

  it("removes controls from the strings of a JSON body, at any depth", () => {
    const body = Buffer.from(JSON.stringify({ nom: "a\u0000b", steps: [{ titre: "x\u001by\nz" }], n: 3 }));
    expect(JSON.parse(cleanBody(body, "application/json").toString())).toEqual({
      nom: "ab",
      steps: [{ titre: "xy\nz" }],
      n: 3,
    });
  });

  it("leaves invalid JSON and other types as they are", () => {
    expect(cleanBody(Buffer.from("{nope"), "application/json").toString()).toBe("{nope");
    expect(cleanBody(Buffer.from("a\u0000"), "text/plain").toString()).toBe("a\u0000");
  });
});
