import { describe, expect, it } from "vitest";
import { durationText } from "~/features/service/model";
import { counted, median, reportDue } from "./model";

describe("reportDue", () => {
  it("is the month just ended, from 8 h on the 1st in Québec to the 7th", () => {
    // 1 December 2026 at 8 h in Québec is 13 h UTC.
    const due = reportDue(new Date("2026-12-01T13:00:00Z"))!;
    expect(due).toMatchObject({ month: "2026-11-01", nextMonth: "2026-12-01", name: "novembre 2026" });
    expect(due.from.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(due.to.toISOString()).toBe("2026-12-01T05:00:00.000Z");
    expect(reportDue(new Date("2026-12-07T23:00:00Z"))?.month).toBe("2026-11-01");
  });

  it("is nothing before 8 h on the 1st, late on the last day of the month, or after the 7th", () => {
    expect(reportDue(new Date("2026-12-01T12:59:00Z"))).toBeNull();
    // 30 November at 23 h in Québec: November has not ended.
    expect(reportDue(new Date("2026-12-01T04:00:00Z"))).toBeNull();
    expect(reportDue(new Date("2026-12-08T05:00:00Z"))).toBeNull();
    expect(reportDue(new Date("2026-11-20T15:00:00Z"))).toBeNull();
  });

  it("crosses the year in January", () => {
    const due = reportDue(new Date("2027-01-02T15:00:00Z"))!;
    expect(due).toMatchObject({ month: "2026-12-01", nextMonth: "2027-01-01", name: "décembre 2026" });
    expect(due.to.toISOString()).toBe("2027-01-01T05:00:00.000Z");
  });
});

describe("figures", () => {
  it("a median of none, one, an odd and an even count", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
  });

  it("a duration in minutes, hours and days", () => {
    expect(durationText(0.2)).toBe("0 min");
    expect(durationText(45)).toBe("45 min");
    expect(durationText(60)).toBe("1 h");
    expect(durationText(125)).toBe("2 h 05");
    expect(durationText(26 * 60)).toBe("1 jour et 2 h");
    expect(durationText(48 * 60 + 20)).toBe("2 jours");
  });

  it("a count with its noun", () => {
    expect(counted(0, "problème")).toBe("aucun problème");
    expect(counted(1, "problème")).toBe("1 problème");
    expect(counted(3, "problème")).toBe("3 problèmes");
  });
});
