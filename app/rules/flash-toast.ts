/** A toast carried across a redirect in a short-lived cookie (after login, logout). */
export type FlashToast = { type: "success" | "error"; title: string; description?: string };
