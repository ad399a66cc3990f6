import { describe, expect, it } from "vitest";
import { clearsAnError, firstFieldWithError, withoutErrorOf } from "./form-errors";

describe("firstFieldWithError", () => {
  it("gives the first field on screen with a message, not the first key", () => {
    expect(firstFieldWithError({ description_demande: "a", courriel: "b" })).toBe("courriel");
    expect(firstFieldWithError({ numero_telephone: "a", date_installation: "b" })).toBe("date_installation");
  });

  it("gives nothing when no field has a message", () => {
    expect(firstFieldWithError({})).toBeUndefined();
  });
});

describe("clearsAnError and withoutErrorOf", () => {
  it("a corrected field loses its own message only", () => {
    const errors = { nom_complet: "a", courriel: "b" };
    expect(clearsAnError(errors, "nom_complet")).toBe(true);
    expect(withoutErrorOf(errors, "nom_complet")).toEqual({ courriel: "b" });
    expect(errors).toEqual({ nom_complet: "a", courriel: "b" });
  });

  it("a field without a message changes nothing", () => {
    expect(clearsAnError({ courriel: "b" }, "nom_complet")).toBe(false);
  });

  it("a change to the phone box clears the phone number's message too", () => {
    const errors = { numero_telephone: "a", courriel: "b" };
    expect(clearsAnError(errors, "prefere_telephone")).toBe(true);
    expect(withoutErrorOf(errors, "prefere_telephone")).toEqual({ courriel: "b" });
  });
});
