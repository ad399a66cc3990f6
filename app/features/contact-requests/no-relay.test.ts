import { describe, expect, it } from "vitest";
import { hourlyShare, mailboxKey } from "./no-relay";

describe("mailboxKey", () => {
  it("is the same for every spelling that reaches one mailbox", () => {
    const key = mailboxKey("cible@exemple.ca");
    for (const address of [
      " Cible@Exemple.CA ",
      "cible+1@exemple.ca",
      "CIBLE+promo+2@exemple.ca",
      "cible@exemple.ca.",
    ]) {
      expect(mailboxKey(address)).toBe(key);
    }
    expect(mailboxKey("j.o.h.n+x@GoogleMail.com")).toBe(mailboxKey("john@gmail.com"));
  });

  it("keeps different mailboxes apart", () => {
    expect(mailboxKey("marie.tremblay@exemple.ca")).not.toBe(mailboxKey("marietremblay@exemple.ca"));
    expect(mailboxKey("marie@exemple.ca")).not.toBe(mailboxKey("marie@exemple.com"));
    expect(mailboxKey("+@exemple.ca")).toBe("+@exemple.ca");
  });
});

describe("hourlyShare", () => {
  it("is a tenth of the ceiling, at least one", () => {
    expect(hourlyShare(30)).toBe(3);
    expect(hourlyShare(5)).toBe(1);
    expect(hourlyShare(1)).toBe(1);
    expect(hourlyShare(100)).toBe(10);
  });
});
