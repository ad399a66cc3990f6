// The invitation page's 'Créer ma clé d'accès', the other way to make the account: the page carries the prompt's options
// (kept fresh while it stays open), the device makes the key, and the answer is posted to the page's
// own action, which makes the account and signs the person in. Hidden where the browser has no
// passkeys: the password stays.
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { typography } from "~/lib/typography";
import type { RegistrationOptions } from "../../../server/auth/passkeys";
import { PASSKEY_MESSAGES } from "./messages";
import { OrDivider, PromptOutcomeLine } from "./prompt-parts";
import { loadWebAuthn, promptFailure, usePasskeysAvailable, type PromptOutcome } from "./webauthn";

/** The page's options are read again this often while it is open (a challenge lasts 5 minutes). */
const REFRESH_MS = 4 * 60 * 1000;
/** Options whose challenge ends sooner than this are not used for a prompt. */
const FRESH_FOR_MS = 30_000;

export function InvitationPasskey({ options }: { options: RegistrationOptions | null }) {
  const submit = useSubmit();
  const { revalidate, state } = useRevalidator();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  }, [options]);
  const available = usePasskeysAvailable(false);
  const [prompting, setPrompting] = useState(false);
  const [outcome, setOutcome] = useState<PromptOutcome | null>(null);

  // A page left open (or a phone put to sleep) gets new options before they are needed.
  useEffect(() => {
    const stale = () => !latest.current || latest.current.expiresAt - Date.now() < REFRESH_MS / 2;
    const refresh = () => {
      if (document.visibilityState === "visible" && stale()) void revalidate();
    };
    const timer = setInterval(refresh, REFRESH_MS / 4);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [revalidate]);

  async function create() {
    setOutcome(null);
    const current = latest.current;
    if (!current || current.expiresAt - Date.now() < FRESH_FOR_MS) {
      setOutcome({ tone: "info", text: PASSKEY_MESSAGES.expired });
      void revalidate();
      return;
    }
    setPrompting(true);
    try {
      const webauthn = await loadWebAuthn();
      const answer = await webauthn.startRegistration({ optionsJSON: current.optionsJSON });
      await submit({ intent: "cle", reponse: JSON.stringify(answer) }, { method: "post" });
    } catch (error) {
      setOutcome(promptFailure(error, true));
    } finally {
      setPrompting(false);
    }
  }

  // Nothing before the app starts: without it, only the password works.
  if (!available || !options) return null;
  return (
    <div className="mt-8">
      <OrDivider />
      <p className="mt-6 text-sm text-stone">
        {typography(
          "Créez votre compte avec une clé d'accès : vous vous connecterez d'un geste, avec l'empreinte, le visage ou le code de cet appareil, sans mot de passe.",
        )}
      </p>
      <Button
        type="button"
        variant="outline"
        className="mt-4 w-full"
        disabled={prompting || state === "loading"}
        onPointerEnter={() => void loadWebAuthn().catch(() => {})}
        onFocus={() => void loadWebAuthn().catch(() => {})}
        onClick={() => void create()}
      >
        <KeyRound aria-hidden="true" />
        {prompting ? "Création du compte…" : "Créer ma clé d'accès"}
      </Button>
      <PromptOutcomeLine outcome={outcome} />
    </div>
  );
}
