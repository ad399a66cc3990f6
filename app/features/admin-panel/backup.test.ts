import { describe, expect, it } from "vitest";
import { attachmentName, downloadName, downloadShare } from "./backup";

describe("backup download", () => {
  it("is named after the time in Quebec", () => {
    expect(downloadName(new Date("2026-11-24T08:07:00Z"))).toBe("sauvegarde-2026-11-24-0307.tar.gz");
    expect(downloadName(new Date("2026-07-01T03:30:00Z"))).toBe("sauvegarde-2026-06-30-2330.tar.gz");
  });

  it("reads the name from Content-Disposition", () => {
    expect(attachmentName('attachment; filename="sauvegarde-x.tar.gz"', "f")).toBe("sauvegarde-x.tar.gz");
    expect(attachmentName(null, "f")).toBe("f");
  });

  it("shows a share below 1 until the end", () => {
    expect(downloadShare(50, 200)).toBe(0.25);
    expect(downloadShare(300, 200)).toBe(0.99);
    expect(downloadShare(10, 0)).toBe(0);
    expect(downloadShare(10, Number.NaN)).toBe(0);
  });
});
