import { describe, expect, it } from "vitest";
import { referrerHost, trafficSource } from "./source";

const SITE = ["distributrices.example.ca"];

describe("referrer", () => {
  it("keeps the host only, lower case, without www.", () => {
    expect(referrerHost("https://www.Google.com/search?q=distributrice+levis")).toBe("google.com");
    expect(referrerHost("http://m.facebook.com/story.php?id=1")).toBe("m.facebook.com");
    expect(referrerHost("android-app://com.google.android.gm/")).toBeNull();
    expect(referrerHost("pas une adresse")).toBeNull();
    expect(referrerHost("")).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });
});

describe("traffic source", () => {
  it("takes the UTM parameters first", () => {
    expect(
      trafficSource("?utm_source=Depliant&utm_medium=print&utm_campaign=Salon-2026", "https://www.google.com/", SITE),
    ).toEqual({ source: "depliant", medium: "print", campaign: "salon-2026", internal: false });
  });

  it("falls back on the referrer's host, with no medium or campaign", () => {
    expect(trafficSource("", "https://www.instagram.com/distributrices/", SITE)).toEqual({
      source: "instagram.com",
      medium: null,
      campaign: null,
      internal: false,
    });
  });

  it("calls a referrer on the site itself internal, and a visit without referrer direct", () => {
    expect(trafficSource("?page=2", "https://distributrices.example.ca/produits", SITE)).toEqual({
      source: null,
      medium: null,
      campaign: null,
      internal: true,
    });
    expect(trafficSource("", null, SITE)).toEqual({ source: null, medium: null, campaign: null, internal: false });
  });

  it("keeps a UTM link followed from the site's own page as a campaign, and bounds values", () => {
    const long = "x".repeat(300);
    const result = trafficSource(`utm_source=${long}&utm_campaign=%20`, "https://distributrices.example.ca/", SITE);
    expect(result.source).toHaveLength(100);
    expect(result.campaign).toBeNull();
    expect(result.internal).toBe(false);
  });
});
