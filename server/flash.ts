import { createCookie } from "react-router";
import type { FlashToast } from "../app/rules/flash-toast";

/** A one-time toast carried across a redirect (login, logout), shown by the root and then cleared. */
export const FLASH_COOKIE = "flash";

/** Signed with the site's secret: a toast can only say what the site said. */
const flashCookieOf = (secret: string) =>
  createCookie(FLASH_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [secret] });

export function flashCookie(toast: FlashToast, secret: string): Promise<string> {
  return flashCookieOf(secret).serialize(toast);
}

export function clearFlashCookie(secret: string): Promise<string> {
  return flashCookieOf(secret).serialize("", { maxAge: 0 });
}

export async function readFlash(request: Request, secret: string): Promise<FlashToast | null> {
  if (!request.headers.get("cookie")?.includes(`${FLASH_COOKIE}=`)) return null;
  const toast = (await flashCookieOf(secret).parse(request.headers.get("cookie"))) as Partial<FlashToast> | null;
  return typeof toast?.title === "string" ? (toast as FlashToast) : null;
}
