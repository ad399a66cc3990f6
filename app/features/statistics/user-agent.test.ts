import { describe, expect, it } from "vitest";
import { browserFamily, deviceClass, isRobot } from "./user-agent";

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  pixel:
    "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
  galaxyTab:
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  opera:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  lighthouse:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
};

describe("device class", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(deviceClass(UA.iphone)).toBe("phone");
    expect(deviceClass(UA.pixel)).toBe("phone");
    expect(deviceClass(UA.samsung)).toBe("phone");
    expect(deviceClass(UA.galaxyTab)).toBe("tablet");
    expect(deviceClass(UA.ipad)).toBe("tablet");
    expect(deviceClass(UA.windowsEdge)).toBe("desktop");
    expect(deviceClass(UA.macSafari)).toBe("desktop");
    expect(deviceClass(UA.linuxFirefox)).toBe("desktop");
  });
});

describe("browser family", () => {
  it("names the browser, not the engine it shares", () => {
    expect(browserFamily(UA.windowsEdge)).toBe("Edge");
    expect(browserFamily(UA.opera)).toBe("Opera");
    expect(browserFamily(UA.samsung)).toBe("Samsung Internet");
    expect(browserFamily(UA.linuxFirefox)).toBe("Firefox");
    expect(browserFamily(UA.chrome)).toBe("Chrome");
    expect(browserFamily(UA.pixel)).toBe("Chrome");
    expect(browserFamily(UA.iphone)).toBe("Safari");
    expect(browserFamily(UA.macSafari)).toBe("Safari");
    expect(browserFamily("curl/8.5.0")).toBe("Autre");
  });
});

describe("robots", () => {
  it("counts real browsers that send a language", () => {
    for (const ua of [UA.iphone, UA.pixel, UA.windowsEdge, UA.macSafari, UA.linuxFirefox]) {
      expect(isRobot(ua, "fr-CA,fr;q=0.9")).toBe(false);
    }
  });

  it("leaves out crawlers, headless browsers, Lighthouse and scripts", () => {
    expect(isRobot(UA.googlebot, "fr")).toBe(true);
    expect(isRobot(UA.headless, "fr")).toBe(true);
    expect(isRobot(UA.lighthouse, "fr")).toBe(true);
    expect(isRobot("curl/8.5.0", "fr")).toBe(true);
    expect(isRobot("python-requests/2.32", "fr")).toBe(true);
  });

  it("leaves out a request without a user agent or without Accept-Language", () => {
    expect(isRobot(undefined, "fr")).toBe(true);
    expect(isRobot("", "fr")).toBe(true);
    expect(isRobot(UA.chrome, undefined)).toBe(true);
    expect(isRobot(UA.chrome, "")).toBe(true);
  });
});
