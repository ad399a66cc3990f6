import { describe, expect, it } from "vitest";
import { changeText, chartPoints, csvCell, niceMax, periodFromSearch, pointsChangeText, toCsv } from "./dashboard";

describe("the statistics dashboard's rules", () => {
  it("reads the period from ?jours=, 30 days otherwise", () => {
    expect(periodFromSearch(new URLSearchParams("jours=7"))).toBe(7);
    expect(periodFromSearch(new URLSearchParams("jours=90"))).toBe(90);
    expect(periodFromSearch(new URLSearchParams("jours=365"))).toBe(30);
    expect(periodFromSearch(new URLSearchParams("jours=abc"))).toBe(30);
    expect(periodFromSearch(new URLSearchParams(""))).toBe(30);
  });

  it("writes a change against the period before", () => {
    expect(changeText(125, 100)).toBe("+25 %");
    expect(changeText(90, 100)).toBe("−10 %");
    expect(changeText(4, 4)).toBe("=");
    expect(changeText(3, 0)).toBe("nouveau");
    expect(pointsChangeText(0.035, 0.02)).toBe("+1,5 pt");
    expect(pointsChangeText(0.01, 0.02)).toBe("−1 pt");
    expect(pointsChangeText(0.02, 0.02)).toBe("=");
  });

  it("rounds the chart's top and places the points in the box", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(4200)).toBe(5000);
    expect(chartPoints([0, 5, 10], 10, 600, 180)).toBe("0,180 300,90 600,0");
    expect(chartPoints([4], 10, 600, 180)).toBe("0,108");
  });

  it("writes CSV cells that a spreadsheet cannot run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+33")).toBe("'+33");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("/produits?a=1,2")).toBe('"/produits?a=1,2"');
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(33.3)).toBe("33,3");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell(null)).toBe("");
    expect(
      toCsv([
        ["a", 1],
        ["b", null],
      ]),
    ).toBe("a;1\r\nb;\r\n");
  });
});
