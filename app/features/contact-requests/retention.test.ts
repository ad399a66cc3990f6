import { describe, expect, it } from "vitest";
import {
  CONTACT_RETENTION_YEARS,
  contactRetentionCutoff,
  EMAIL_RETENTION_DAYS,
  emailRetentionCutoff,
  PROPOSAL_RETENTION_YEARS,
  retentionPeriodText,
} from "./retention";

describe("proposal and email retention", () => {
  it("keeps proposals two years and sent emails 90 days, as the privacy page promises", () => {
    expect(PROPOSAL_RETENTION_YEARS).toBe(2);
    expect(EMAIL_RETENTION_DAYS).toBe(90);
  });

  it("cuts emails off exactly 90 days of 24 hours before now", () => {
    const now = new Date("2026-12-02T10:00:00.000Z");
    expect(emailRetentionCutoff(now).toISOString()).toBe("2026-09-03T10:00:00.000Z");
    expect(emailRetentionCutoff(now, 1).toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(() => emailRetentionCutoff(now, 0)).toThrow(RangeError);
    expect(() => emailRetentionCutoff(now, 2.5)).toThrow(RangeError);
  });
});

describe("contact request retention", () => {
  it("keeps requests two years, as the privacy page promises", () => {
    expect(CONTACT_RETENTION_YEARS).toBe(2);
    expect(retentionPeriodText()).toBe("deux ans");
  });

  it("cuts off exactly the retention period before now, in calendar years", () => {
    const now = new Date("2026-11-21T10:15:30.250Z");
    expect(contactRetentionCutoff(now).toISOString()).toBe("2024-11-21T10:15:30.250Z");
    expect(contactRetentionCutoff(now, 1).toISOString()).toBe("2025-11-21T10:15:30.250Z");
    expect(now.toISOString()).toBe("2026-11-21T10:15:30.250Z"); // not modified
  });

  it("counts calendar years across a leap day, never keeping a request longer than promised", () => {
    // 2024-03-01 → 2022-03-01 although 2024 has a 29 February.
    expect(contactRetentionCutoff(new Date("2024-03-01T00:00:00Z")).toISOString()).toBe("2022-03-01T00:00:00.000Z");
    // 2028-02-29 has no counterpart in 2026: the cutoff is 1 March (not 28 February).
    expect(contactRetentionCutoff(new Date("2028-02-29T12:00:00Z")).toISOString()).toBe("2026-03-01T12:00:00.000Z");
  });

  it("refuses a period that is not a whole number of years", () => {
    expect(() => contactRetentionCutoff(new Date(), 0)).toThrow(RangeError);
    expect(() => contactRetentionCutoff(new Date(), 1.5)).toThrow(RangeError);
  });

  it("says the period in French words", () => {
    expect(retentionPeriodText(1)).toBe("un an");
    expect(retentionPeriodText(3)).toBe("trois ans");
    expect(retentionPeriodText(12)).toBe("12 ans");
  });
});
