import { describe, expect, it } from "vitest";
import { readyOrDeferred } from "./deferred";

const page = new Request("http://site.test/galerie", { headers: { "sec-fetch-dest": "document" } });
const dataRequest = new Request("http://site.test/galerie.data", { headers: { "sec-fetch-dest": "empty" } });
const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(resolve, ms, value));

describe("readyOrDeferred", () => {
  it("gives a page request the data itself when it is ready in time", async () => {
    expect((await readyOrDeferred(page, later(["photo"], 1), 40)).data).toEqual(["photo"]);
    expect((await readyOrDeferred(new Request("http://site.test/"), Promise.resolve(3), 40)).data).toBe(3);
  });

  it("gives back the promise when the data is late, failed, or asked for by a client navigation", async () => {
    const slow = later(["photo"], 80);
    expect((await readyOrDeferred(page, slow, 20)).data).toBe(slow);
    const failed = Promise.reject(new Error("down"));
    failed.catch(() => {});
    expect((await readyOrDeferred(page, failed, 20)).data).toBe(failed);
    const quick = Promise.resolve(["photo"]);
    expect((await readyOrDeferred(dataRequest, quick, 20)).data).toBe(quick);
  });
});
