import { describe, expect, it } from "vitest";
import { CLIENTS_COUNTER, SERVICE_COUNTER, formatCount, isFinished, nextCount } from "./counter";

describe("hero counters", () => {
  it("count 0 to 100 by 2 every 30 ms, shown as '100+'", () => {
    expect(CLIENTS_COUNTER).toMatchObject({
      target: 100,
      step: 2,
      intervalMs: 30,
      label: "Clients satisfaits chaque jour",
    });
    let value = 0;
    const seen = [value];
    while (!isFinished(value, CLIENTS_COUNTER)) seen.push((value = nextCount(value, CLIENTS_COUNTER)));
    expect(seen).toHaveLength(51);
    expect(seen.slice(0, 4)).toEqual([0, 2, 4, 6]);
    expect(formatCount(value, CLIENTS_COUNTER)).toBe("100+");
  });

  it("count 0 to 24 by 1 every 50 ms, shown as '24/7'", () => {
    expect(SERVICE_COUNTER).toMatchObject({ target: 24, step: 1, intervalMs: 50, label: "À votre service" });
    expect(nextCount(23, SERVICE_COUNTER)).toBe(24);
    expect(formatCount(24, SERVICE_COUNTER)).toBe("24/7");
  });

  it("never steps past the target and treats negatives as 0", () => {
    expect(nextCount(99, CLIENTS_COUNTER)).toBe(100);
    expect(nextCount(100, CLIENTS_COUNTER)).toBe(100);
    expect(nextCount(-5, SERVICE_COUNTER)).toBe(1);
  });
});
