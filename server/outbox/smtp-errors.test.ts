import { describe, expect, it } from "vitest";
import { classifyRejectedRecipients, classifySendError } from "./smtp-errors";

describe("what a failed send means", () => {
  it("5xx: permanent, with the server's answer", () => {
    expect(classifySendError({ code: "EENVELOPE", responseCode: 550, response: "550 5.1.1 User unknown" })).toEqual({
      retry: false,
      reason: "Refusé par le serveur de courriel : 550 5.1.1 User unknown",
    });
    expect(classifySendError({ code: "EMESSAGE", responseCode: 554, response: "554 spam" }).retry).toBe(false);
  });

  it("4xx: temporary", () => {
    expect(classifySendError({ code: "EENVELOPE", responseCode: 451, response: "451 4.7.1 Greylisted" })).toEqual({
      retry: true,
      reason: "Refus temporaire du serveur de courriel : 451 4.7.1 Greylisted",
    });
  });

  it("no server, no answer, a refused login: temporary", () => {
    expect(classifySendError({ code: "ESOCKET", originalCode: "ECONNREFUSED" })).toEqual({
      retry: true,
      reason: "Serveur de courriel injoignable (ECONNREFUSED).",
    });
    expect(classifySendError({ code: "ETIMEDOUT" })).toEqual({
      retry: true,
      reason: "Le serveur de courriel ne répond pas (délai dépassé).",
    });
    expect(classifySendError({ code: "EAUTH", responseCode: 535, response: "535 bad credentials" }).retry).toBe(true);
    expect(classifySendError(new Error("boom")).retry).toBe(true);
    expect(classifySendError(undefined).retry).toBe(true);
  });

  it("some recipients refused: permanent when one refusal is 5xx, each named", () => {
    expect(classifyRejectedRecipients([])).toBeNull();
    expect(
      classifyRejectedRecipients([
        { recipient: "a@b.ca", responseCode: 451, response: "451 later" },
        { recipient: "c@d.ca", responseCode: 550, response: "550 unknown" },
      ]),
    ).toEqual({
      retry: false,
      reason: "Refusé par le serveur de courriel pour a@b.ca : 451 later ; c@d.ca : 550 unknown",
    });
    expect(classifyRejectedRecipients([{ recipient: "a@b.ca", responseCode: 452, response: "452 full" }])).toEqual({
      retry: true,
      reason: "Refus temporaire du serveur de courriel pour a@b.ca : 452 full",
    });
  });
});
