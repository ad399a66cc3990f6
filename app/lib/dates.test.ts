import { describe, expect, it } from "vitest";
import { formatDate, isoLocal } from "./dates";

// 2026-12-02 19:05 UTC is 14 h 05 in Québec; 2026-12-02 03:30 UTC is still the 1st there.
const AFTERNOON = new Date("2026-12-02T19:05:00Z");
const LATE_EVENING = "2026-12-02T03:30:00Z";
const clean = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatDate", () => {
  it("writes each kind in French, in Québec's time zone", () => {
    expect(clean(formatDate(AFTERNOON))).toBe("2 décembre 2026");
    expect(clean(formatDate(AFTERNOON, "dateTime"))).toBe("2 décembre 2026 à 14 h 05");
    expect(clean(formatDate(AFTERNOON, "fullDateTime"))).toBe("mercredi 2 décembre 2026 à 14 h 05");
    expect(clean(formatDate(AFTERNOON, "weekday"))).toBe("mercredi 2 décembre 2026");
    expect(clean(formatDate(AFTERNOON, "time"))).toBe("14 h 05");
    expect(clean(formatDate(AFTERNOON, "shortDateTime"))).toMatch(/^2 déc\. 2026,? 14 h 05$/);
  });

  it("takes the local day, not the UTC one", () => {
    expect(clean(formatDate(LATE_EVENING))).toBe("1 décembre 2026");
  });
});

describe("isoLocal", () => {
  it("gives the local day and a 24-hour time", () => {
    expect(isoLocal(AFTERNOON)).toEqual({ day: "2026-12-02", time: "14:05" });
    expect(isoLocal(LATE_EVENING)).toEqual({ day: "2026-12-01", time: "22:30" });
    expect(isoLocal("2026-12-02T05:00:00Z")).toEqual({ day: "2026-12-02", time: "00:00" });
  });
});
