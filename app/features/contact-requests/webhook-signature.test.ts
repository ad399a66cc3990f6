import { describe, expect, it } from "vitest";
import { signWebhookBody, verifyWebhookSignature } from "./webhook-signature.server";

const body = JSON.stringify({ nom_complet: "Éloïse Gagnon", courriel: "eloise@example.ca" });
const now = new Date("2026-11-23T12:00:00Z");

describe("webhook signature", () => {
  it("is the HMAC-SHA256 of '<timestamp>.<body>' in hex, with the timestamp in seconds", () => {
    // Computed independently: printf '1795435200.{}' | openssl dgst -sha256 -hmac secret
    expect(signWebhookBody("secret", "{}", now)).toBe(
      "t=1795435200,v1=5871430338692b4bd490738c4df03402843d3877ffc2c67d28faa4ee976d5f9d",
    );
  });

  it("verifies with the same secret and body, and only those", () => {
    const header = signWebhookBody("s3cret", body, now);
    expect(verifyWebhookSignature("s3cret", body, header, { now })).toBe(true);
    expect(verifyWebhookSignature("other", body, header, { now })).toBe(false);
    expect(verifyWebhookSignature("s3cret", body.replace("Gagnon", "Gagnan"), header, { now })).toBe(false);
    expect(verifyWebhookSignature("s3cret", body, null, { now })).toBe(false);
    expect(verifyWebhookSignature("s3cret", body, "t=x,v1=zz", { now })).toBe(false);
  });

  it("refuses a signature older than the tolerance (a replay)", () => {
    const header = signWebhookBody("s3cret", body, now);
    const later = new Date(now.getTime() + 6 * 60 * 1000);
    expect(verifyWebhookSignature("s3cret", body, header, { now: later })).toBe(false);
  });
});
