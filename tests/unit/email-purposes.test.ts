// Every email the site can queue is named in the staff's list of a request's emails: none shows its
// raw purpose.
import { describe, expect, it } from "vitest";
import { EMAIL_PURPOSE_LABELS } from "../../app/features/contact-requests/email-states";
import { EMAIL_PURPOSES } from "../../server/outbox/purposes";

describe("the names of the emails of a request", () => {
  it.each(EMAIL_PURPOSES)("'%s' has a French label", (purpose) => {
    const label = EMAIL_PURPOSE_LABELS[purpose];
    expect(label).toBeTruthy();
    expect(label).not.toBe(purpose);
  });

  it("names the proposals' emails: sent, sent again, accepted, changes requested", () => {
    expect(EMAIL_PURPOSE_LABELS["proposal"]).toBe("Proposition envoyée au client");
    expect(EMAIL_PURPOSE_LABELS["proposal-resent"]).toBe("Proposition renvoyée au client");
    expect(EMAIL_PURPOSE_LABELS["proposal-accepted"]).toBe("Avis à l'équipe : proposition acceptée");
    expect(EMAIL_PURPOSE_LABELS["proposal-changes"]).toBe("Avis à l'équipe : modifications demandées");
  });

  it("gives each email its own label", () => {
    const labels = EMAIL_PURPOSES.map((purpose) => EMAIL_PURPOSE_LABELS[purpose]);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
