// The browser's passkey prompts. The library that drives them is loaded when a person first asks for a
// prompt (or points at its button), so it stays out of every page's bundle; what a failed prompt means
// is said in the person's words.
import { useSyncExternalStore } from "react";
import { PASSKEY_MESSAGES } from "./messages";

type WebAuthn = typeof import("@simplewebauthn/browser");

let loading: Promise<WebAuthn> | null = null;

/** The prompt library, loaded once (again after a failed load). */
export function loadWebAuthn(): Promise<WebAuthn> {
  loading ??= import("@simplewebauthn/browser").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Whether this browser can use passkeys on this page (WebAuthn, on HTTPS or localhost). */
function webAuthnAvailable(): boolean {
  return window.isSecureContext && typeof window.PublicKeyCredential === "function";
}

const unchanging = () => () => {};

/** Whether passkeys work here: `beforeStart` in the page's HTML and until the app runs, then what the
 * browser says. */
export function usePasskeysAvailable(beforeStart: boolean): boolean {
  return useSyncExternalStore(unchanging, webAuthnAvailable, () => beforeStart);
}

/** What the page says after a prompt: 'info' when the person chose so (cancelled), 'error' otherwise. */
export type PromptOutcome = { tone: "info" | "error"; text: string };

/** A prompt's failure, as the person reads it. `adding`: the prompt was to add a key. */
export function promptFailure(error: unknown, adding: boolean): PromptOutcome {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  // The device holds a key of this account already (the prompt excluded it).
  if (adding && (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")) {
    return { tone: "info", text: PASSKEY_MESSAGES.already };
  }
  // Closed, timed out, or no key of this site on the device: the person's choice, nothing alarming.
  if (name === "NotAllowedError" || name === "AbortError") {
    return { tone: "info", text: adding ? PASSKEY_MESSAGES.addCancelled : PASSKEY_MESSAGES.cancelled };
  }
  if (name === "SecurityError") return { tone: "error", text: PASSKEY_MESSAGES.wrongSite };
  // fetch() and a script that failed to load.
  if (error instanceof TypeError) return { tone: "error", text: PASSKEY_MESSAGES.network };
  return { tone: "error", text: PASSKEY_MESSAGES.failed };
}
