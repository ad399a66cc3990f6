// What the statistics keep of a visitor's browser: a device class and a browser family, never the
// user agent itself; and whether the request looks like a robot's (not counted).
import { isbot } from "isbot";

export type DeviceClass = "phone" | "tablet" | "desktop";

/** Phone, tablet or desktop from the user agent. iPads that present themselves as a Mac cannot be told
 * apart here and count as desktops. */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return "phone";
  return "desktop";
}

export type BrowserFamily = "Edge" | "Opera" | "Samsung Internet" | "Firefox" | "Chrome" | "Safari" | "Autre";

/** The browser family; the order matters, since Edge, Opera and Samsung Internet also say Chrome, and
 * Chrome also says Safari. */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return "Edge";
  if (/OPR\/|Opera/.test(userAgent)) return "Opera";
  if (/SamsungBrowser\//.test(userAgent)) return "Samsung Internet";
  if (/Firefox\/|FxiOS\//.test(userAgent)) return "Firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return "Chrome";
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return "Safari";
  return "Autre";
}

/** A robot, a headless browser or a script: the isbot list, plus what real browsers always send
 * (a user agent naming Mozilla, an Accept-Language header). */
export function isRobot(userAgent: string | undefined, acceptLanguage: string | undefined): boolean {
  if (!userAgent || !acceptLanguage) return true;
  if (!userAgent.startsWith("Mozilla/")) return true;
  if (/Headless|PhantomJS|Lighthouse|Chrome-Lighthouse|puppeteer|playwright|selenium|webdriver/i.test(userAgent))
    return true;
  return isbot(userAgent);
}
