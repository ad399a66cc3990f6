import { describe, expect, it } from "vitest";
import { addDays, addMonths, comparedPeriods, localDay } from "./days";

describe("local days", () => {
  it("counts by the day in Quebec, not in UTC", () => {
    // 02:30 UTC on the 27th is 21:30 on the 26th in Lévis (Eastern standard time).
    expect(localDay(new Date("2026-11-27T02:30:00Z"))).toBe("2026-11-26");
    expect(localDay(new Date("2026-11-27T05:00:00Z"))).toBe("2026-11-27");
    // Summer time: UTC−4.
    expect(localDay(new Date("2026-07-01T03:59:00Z"))).toBe("2026-06-30");
  });

  it("moves days and months across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addMonths("2026-11-27", -25)).toBe("2024-10-27");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
  });

  it("compares a period with the one just before it", () => {
    expect(comparedPeriods("2026-11-27", 7)).toEqual({
      current: { from: "2026-11-21", to: "2026-11-27" },
      previous: { from: "2026-11-14", to: "2026-11-20" },
    });
  });
});
