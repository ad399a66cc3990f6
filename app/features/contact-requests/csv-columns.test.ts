import { describe, expect, it } from "vitest";
import { csvDateTime, csvFileName, csvNotes } from "./csv-columns";

describe("CSV export", () => {
  it("writes dates in ISO 8601 local time (America/Toronto), as a spreadsheet sorts them", () => {
    expect(csvDateTime(new Date("2026-12-02T01:23:00Z"))).toBe("2026-12-01 20:23");
    expect(csvDateTime("2026-07-01T04:05:00.000Z")).toBe("2026-07-01 00:05");
    expect(csvDateTime(new Date("2026-03-08T07:00:00Z"))).toBe("2026-03-08 03:00");
  });

  it("names the file after the local day, not the UTC one", () => {
    expect(csvFileName(new Date("2026-12-02T03:30:00Z"))).toBe("demandes-2026-12-01.csv");
    expect(csvFileName(new Date("2026-12-02T05:30:00Z"))).toBe("demandes-2026-12-02.csv");
  });

  it("puts a request's notes in one cell, oldest first, each after its date", () => {
    expect(
      csvNotes([
        { body: "Rappeler lundi.", at: new Date("2026-12-01T14:00:00Z") },
        { body: "Visite faite.", at: new Date("2026-12-03T15:30:00Z") },
      ]),
    ).toBe("2026-12-01 09:00 : Rappeler lundi.\n\n2026-12-03 10:30 : Visite faite.");
    expect(csvNotes([])).toBe("");
  });
});
