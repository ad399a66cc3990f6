import { describe, expect, it } from "vitest";
import {
  compareTickets,
  isUrgent,
  minutesLeft,
  monthStarts,
  percentile,
  serviceSettingsOf,
  timeLeftText,
  recurringFaults,
  responseDue,
  ticketStatusLabel,
  type ResponsePromise,
} from "./model";

// Québec is UTC−5 in December: 14 h 05 there is 19:05 UTC.
const at = (iso: string) => new Date(iso);

describe("isUrgent", () => {
  it("puts a machine that keeps money or does not vend first, and money to give back", () => {
    expect(isUrgent({ type: "probleme", problem: "argent-garde" })).toBe(true);
    expect(isUrgent({ type: "probleme", problem: "pas-distribue" })).toBe(true);
    expect(isUrgent({ type: "remboursement" })).toBe(true);
    expect(isUrgent({ type: "probleme", problem: "machine-vide" })).toBe(false);
    expect(isUrgent({ type: "probleme", problem: "autre" })).toBe(false);
  });
});

describe("responseDue (default: the same day, which ends at 17 h, seven days a week)", () => {
  it("is the end of the day when received before it", () => {
    expect(responseDue(at("2026-12-02T19:05:00Z")).toISOString()).toBe("2026-12-02T22:00:00.000Z");
    // 3 h 00 on a Sunday morning in Québec.
    expect(responseDue(at("2026-12-06T08:00:00Z")).toISOString()).toBe("2026-12-06T22:00:00.000Z");
  });

  it("is the end of the next day when received after 17 h", () => {
    // 18 h on 2 December in Québec is 23:00 UTC; 23 h 30 is 04:30 UTC the next day.
    expect(responseDue(at("2026-12-02T23:00:00Z")).toISOString()).toBe("2026-12-03T22:00:00.000Z");
    expect(responseDue(at("2026-12-03T04:30:00Z")).toISOString()).toBe("2026-12-03T22:00:00.000Z");
  });

  it("skips the days the business is closed", () => {
    const weekdays: ResponsePromise = { kind: "same-day", closingHour: 17, openDays: [1, 2, 3, 4, 5] };
    // Friday 4 December at 18 h → Monday 7 December at 17 h.
    expect(responseDue(at("2026-12-04T23:00:00Z"), weekdays).toISOString()).toBe("2026-12-07T22:00:00.000Z");
    // Saturday → Monday.
    expect(responseDue(at("2026-12-05T15:00:00Z"), weekdays).toISOString()).toBe("2026-12-07T22:00:00.000Z");
  });

  it("keeps the local hour across a change of time", () => {
    // Saturday 7 March 2026 at 18 h (UTC−5) → Sunday 8 March at 17 h, now UTC−4.
    expect(responseDue(at("2026-03-07T23:00:00Z")).toISOString()).toBe("2026-03-08T21:00:00.000Z");
  });

  it("adds the hours when the promise is counted in hours", () => {
    expect(responseDue(at("2026-12-02T23:00:00Z"), { kind: "hours", hours: 4 }).toISOString()).toBe(
      "2026-12-03T03:00:00.000Z",
    );
  });
});

describe("minutesLeft and compareTickets", () => {
  it("counts down to the due time, negative once late", () => {
    const due = at("2026-12-02T22:00:00Z");
    expect(minutesLeft(due, at("2026-12-02T21:30:00Z"))).toBe(30);
    expect(minutesLeft(due, at("2026-12-02T22:45:00Z"))).toBe(-45);
  });

  it("names the states in French", () => {
    expect(["nouveau", "en-cours", "resolu"].map((s) => ticketStatusLabel(s as "nouveau"))).toEqual([
      "Nouveau",
      "En cours",
      "Résolu",
    ]);
  });

  it("lists open tickets first, urgent first, then the soonest due", () => {
    const t = (name: string, status: "nouveau" | "en-cours" | "resolu", urgent: boolean, due: string) => ({
      name,
      status,
      urgent,
      due: at(due),
    });
    const tickets = [
      t("résolu urgent", "resolu", true, "2026-12-01T22:00:00Z"),
      t("normal tôt", "nouveau", false, "2026-12-01T22:00:00Z"),
      t("urgent tard", "en-cours", true, "2026-12-03T22:00:00Z"),
      t("urgent tôt", "nouveau", true, "2026-12-02T22:00:00Z"),
    ];
    expect(tickets.sort(compareTickets).map((x) => x.name)).toEqual([
      "urgent tôt",
      "urgent tard",
      "normal tôt",
      "résolu urgent",
    ]);
  });
});

describe("recurringFaults", () => {
  const now = at("2026-12-02T12:00:00Z");
  const problem = (daysAgo: number, productId: string | null, slot: string | null) => ({
    receivedAt: new Date(now.getTime() - daysAgo * 86_400_000),
    productId,
    slot,
  });

  it("flags a product or a slot with three problems in 30 days", () => {
    const faults = recurringFaults(
      [problem(1, "chips", "A1"), problem(10, "chips", "B2"), problem(29, "chips", null), problem(2, null, "B2")],
      now,
    );
    expect(faults).toEqual({ products: ["chips"], slots: [] });
    expect(recurringFaults([problem(1, null, "B2"), problem(3, "eau", "B2"), problem(5, null, "B2")], now)).toEqual({
      products: [],
      slots: ["B2"],
    });
  });

  it("forgets problems older than 30 days", () => {
    expect(
      recurringFaults([problem(1, "chips", null), problem(2, "chips", null), problem(31, "chips", null)], now),
    ).toEqual({ products: [], slots: [] });
  });
});

describe("timeLeftText", () => {
  it("says the time left, then how late, in the units a person reads", () => {
    expect(timeLeftText(0)).toBe("Reste 0 min");
    expect(timeLeftText(45)).toBe("Reste 45 min");
    expect(timeLeftText(125)).toBe("Reste 2 h 05");
    expect(timeLeftText(180)).toBe("Reste 3 h");
    expect(timeLeftText(26 * 60 + 5)).toBe("Reste 1 jour et 2 h");
    expect(timeLeftText(3 * 24 * 60 + 5)).toBe("Reste 3 jours");
    expect(timeLeftText(-1)).toBe("En retard de 1 min");
    expect(timeLeftText(-(26 * 60))).toBe("En retard de 1 jour et 2 h");
  });
});

describe("serviceSettingsOf", () => {
  it("reads the owner's promise and refund maximum, and keeps the defaults for what is unset or wrong", () => {
    expect(serviceSettingsOf({})).toEqual({
      promise: { kind: "same-day", closingHour: 17, openDays: [1, 2, 3, 4, 5, 6, 7] },
      refundMaxCents: 2_000,
    });
    expect(serviceSettingsOf({ serviceClosingHour: "20", refundMax: "35" })).toEqual({
      promise: { kind: "same-day", closingHour: 20, openDays: [1, 2, 3, 4, 5, 6, 7] },
      refundMaxCents: 3_500,
    });
    expect(serviceSettingsOf({ serviceResponseHours: "4", serviceClosingHour: "20" }).promise).toEqual({
      kind: "hours",
      hours: 4,
    });
    expect(serviceSettingsOf({ serviceResponseHours: "", serviceClosingHour: "3", refundMax: "abc" })).toEqual(
      serviceSettingsOf({}),
    );
  });
});

describe("percentile", () => {
  it("gives a value that occurred, by nearest rank, and null for none", () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([30], 90)).toBe(30);
    expect(percentile([50, 10, 40, 20, 30], 50)).toBe(30);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
  });
});

describe("monthStarts", () => {
  it("opens each month at midnight in Québec, winter or summer time", () => {
    const starts = monthStarts(new Date("2026-12-03T15:00:00Z"), 12);
    expect(starts).toHaveLength(13);
    expect(starts[0]!.toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(starts[6]!.toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(starts[12]!.toISOString()).toBe("2027-01-01T05:00:00.000Z");
    // Midnight on the 1st, Québec's time, still counts in the month it opens.
    expect(monthStarts(new Date("2026-12-01T05:00:00Z"), 1)[0]!.toISOString()).toBe("2026-12-01T05:00:00.000Z");
  });
});
