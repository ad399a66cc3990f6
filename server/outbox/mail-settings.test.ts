import { describe, expect, it } from "vitest";
import { loadConfig, loadMailSettings } from "../config";

const FULL = {
  SMTP_URL: "smtp://ventes:s3cret@mail.exemple.ca:587",
  MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
  LEADS_EMAIL: "equipe@exemple.ca, Direction <direction@exemple.ca>,equipe@exemple.ca",
};

describe("email settings", () => {
  it("none of the three: email is off", () => {
    expect(loadMailSettings({})).toBeUndefined();
    expect(loadConfig({}).mail).toBeUndefined();
  });

  it("all three: the sender's address and each staff address once", () => {
    expect(loadMailSettings(FULL)).toEqual({
      smtpUrl: FULL.SMTP_URL,
      from: FULL.MAIL_FROM,
      fromAddress: "ventes@exemple.ca",
      leads: ["equipe@exemple.ca", "direction@exemple.ca"],
    });
    expect(loadMailSettings({ ...FULL, SMTP_URL: "smtps://u:p@mail.exemple.ca:465" })?.smtpUrl).toBe(
      "smtps://u:p@mail.exemple.ca:465",
    );
  });

  it("refuses a half-done setup, saying what to add", () => {
    expect(() => loadMailSettings({ MAIL_FROM: FULL.MAIL_FROM })).toThrow(
      "MAIL_FROM défini sans SMTP_URL : donnez SMTP_URL, ou retirez ce réglage.",
    );
    expect(() => loadMailSettings({ MAIL_FROM: FULL.MAIL_FROM, LEADS_EMAIL: "a@b.ca" })).toThrow(
      "MAIL_FROM et LEADS_EMAIL défini sans SMTP_URL",
    );
    expect(() => loadMailSettings({ ...FULL, MAIL_FROM: "" })).toThrow(/sans MAIL_FROM/);
    expect(() => loadMailSettings({ ...FULL, LEADS_EMAIL: " " })).toThrow(/sans LEADS_EMAIL/);
  });

  it("refuses bad values, never repeating the URL (it holds a password)", () => {
    for (const url of ["http://u:s3cretXYZ@mail.exemple.ca", "mail.exemple.ca:587", "smtp://"]) {
      let message = "";
      try {
        loadMailSettings({ ...FULL, SMTP_URL: url });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^SMTP_URL doit être une adresse smtp:/);
      expect(message).not.toContain("s3cretXYZ");
    }
    expect(() => loadMailSettings({ ...FULL, MAIL_FROM: "ventes" })).toThrow(/^MAIL_FROM doit être une seule adresse/);
    expect(() => loadMailSettings({ ...FULL, MAIL_FROM: "a@b.ca, c@d.ca" })).toThrow(/^MAIL_FROM doit être une seule/);
    expect(() => loadMailSettings({ ...FULL, LEADS_EMAIL: "equipe@exemple.ca, direction" })).toThrow(
      /^LEADS_EMAIL doit être une ou plusieurs adresses/,
    );
  });
});
