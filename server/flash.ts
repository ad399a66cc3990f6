import type { FlashToast } from "../app/lib/messages";
import { readCookie } from "./auth/sessions";

/** A one-time toast carried across a redirect (login, logout), shown by the root and then cleared. */
export const FLASH_COOKIE = "flash";

export function flashCookie(toast: FlashToast): string {
  const value = Buffer.from(JSON.stringify(toast)).toString("base64url");
  return `${FLASH_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export const clearFlashCookie = `${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

export function readFlash(request: Request): FlashToast | null {
  const raw = readCookie(request.headers.get("cookie"), FLASH_COOKIE);
  if (!raw) return null;
  try {
    const toast = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as FlashToast;
    return typeof toast?.title === "string" ? toast : null;
  } catch {
    return null;
  }
}
