import { describe, expect, it } from "vitest";
import { formatDate, instantAt, isoLocal, localTime } from "./dates";

// 2026-12-02 19:05 UTC is 14 h 05 in Québec; 2026-12-02 03:30 UTC is still the 1st there.
const AFTERNOON = new Date("2026-12-02T19:05:00Z");
const LATE_EVENING = "2026-12-02T03:30:00Z";
/** A text with its no-break spaces written as '~', to read the expectations. */
const shown = (text: string) => text.replace(/\u00a0/g, "~");

describe("formatDate", () => {
  it("writes each kind in French, in Québec's time zone, with no-break spaces inside a day and a time", () => {
    expect(shown(formatDate(AFTERNOON))).toBe("2~décembre~2026");
    expect(shown(formatDate(AFTERNOON, "dateTime"))).toBe("2~décembre~2026 à 14~h~05");
    expect(shown(formatDate(AFTERNOON, "fullDateTime"))).toBe("mercredi 2~décembre~2026 à 14~h~05");
    expect(shown(formatDate(AFTERNOON, "weekday"))).toBe("mercredi 2~décembre~2026");
    expect(shown(formatDate(AFTERNOON, "time"))).toBe("14~h~05");
    expect(shown(formatDate(AFTERNOON, "shortDateTime"))).toMatch(/^2 déc\. 2026,? 14~h~05$/);
  });

  it("writes an hour before 10 without a leading zero", () => {
    const morning = new Date("2026-12-04T14:06:00Z"); // 9 h 06 in Québec
    expect(shown(formatDate(morning, "dateTime"))).toBe("4~décembre~2026 à 9~h~06");
    expect(shown(formatDate(morning, "fullDateTime"))).toBe("vendredi 4~décembre~2026 à 9~h~06");
    expect(shown(formatDate(morning, "shortDateTime"))).toMatch(/^4 déc\. 2026,? 9~h~06$/);
  });

  it("takes the local day, not the UTC one, and writes the first of a month '1er'", () => {
    expect(shown(formatDate(LATE_EVENING))).toBe("1er~décembre~2026");
  });
});

describe("isoLocal", () => {
  it("gives the local day and a 24-hour time", () => {
    expect(isoLocal(AFTERNOON)).toEqual({ day: "2026-12-02", time: "14:05" });
    expect(isoLocal(LATE_EVENING)).toEqual({ day: "2026-12-01", time: "22:30" });
    expect(isoLocal("2026-12-02T05:00:00Z")).toEqual({ day: "2026-12-02", time: "00:00" });
  });
});

describe("localTime and instantAt", () => {
  it("read and make Québec's wall-clock time, winter and summer", () => {
    expect(localTime(AFTERNOON)).toEqual({ year: 2026, month: 12, day: 2, hour: 14, minute: 5, weekday: 3 });
    expect(localTime(LATE_EVENING)).toMatchObject({ day: 1, hour: 22, minute: 30, weekday: 2 });
    expect(instantAt({ year: 2026, month: 12, day: 2, hour: 14, minute: 5 })).toEqual(AFTERNOON);
    // Summer time: UTC−4.
    expect(instantAt({ year: 2026, month: 7, day: 6, hour: 17, minute: 0 }).toISOString()).toBe(
      "2026-07-06T21:00:00.000Z",
    );
    expect(localTime("2026-07-05T12:00:00Z").weekday).toBe(7);
  });

  it("settle across a change of time", () => {
    // 8 March 2026: the clocks go from 2:00 to 3:00. 17:00 that day is UTC−4.
    expect(instantAt({ year: 2026, month: 3, day: 8, hour: 17, minute: 0 }).toISOString()).toBe(
      "2026-03-08T21:00:00.000Z",
    );
    // 1 November 2026: back from 2:00 to 1:00. 17:00 that day is UTC−5.
    expect(instantAt({ year: 2026, month: 11, day: 1, hour: 17, minute: 0 }).toISOString()).toBe(
      "2026-11-01T22:00:00.000Z",
    );
  });
});
