// The sign-in page's 'Se connecter avec une clé d'accès': the page carries the prompt's options (its
// loader), so after the prompt one request signs the person in (/login/cle), and the answer's redirect
// goes on to the panel or the screen `?retour=` named. Hidden where the browser has no passkeys.
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { MSG } from "~/lib/messages";
import { typography } from "~/lib/typography";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { staffReturnPath } from "~/rules/staff-paths";
import type { SignInOptions } from "../../../server/auth/passkeys";
import type { SignInAnswer } from "./schema";
import { OrDivider, PromptOutcomeLine } from "./prompt-parts";
import { loadWebAuthn, promptFailure, usePasskeysAvailable, type PromptOutcome } from "./webauthn";

/** Options whose challenge ends sooner than this are replaced before the prompt opens. */
const FRESH_FOR_MS = 30_000;

const showError = (text: string) => toast.error(MSG.loginErrorTitle, { description: typography(text) });

/** New options for the prompt, when the page's are too old (a page kept open, or from the cache). */
async function freshOptions(): Promise<SignInOptions> {
  const response = await fetch("/login/cle", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ options: true }),
  });
  const answer = (await response.json()) as SignInAnswer;
  if (!answer.options) throw new Error(answer.error ?? "no options");
  return answer.options;
}

export function PasskeySignIn() {
  const loaded = useLoaderData<{ passkey?: SignInOptions } | null>()?.passkey;
  const next = staffReturnPath(useSearchParams()[0].get("retour"));
  const fetcher = useFetcher<SignInAnswer>();
  const options = useRef<SignInOptions | null>(null);
  // Whichever options last longer: the page's, or fresh ones from an answer.
  const keep = (fresh: SignInOptions | undefined) => {
    if (fresh && (!options.current || fresh.expiresAt > options.current.expiresAt)) options.current = fresh;
  };
  const available = usePasskeysAvailable(true);
  const [prompting, setPrompting] = useState(false);
  const [outcome, setOutcome] = useState<PromptOutcome | null>(null);

  useEffect(() => keep(loaded), [loaded]);
  // The key last offered, so that a key the site no longer knows can be hidden from the device's list.
  const tried = useRef<{ rpID: string; credentialID: string } | null>(null);
  useFetcherResult(fetcher, (answer) => {
    keep(answer.options);
    if (answer.unknownKey && tried.current) {
      const signal = { signalName: "unknownCredential", ...tried.current } as const;
      void loadWebAuthn()
        .then((webauthn) => webauthn.sendSignal(signal))
        .catch(() => {});
    }
    if (answer.error) {
      setOutcome({ tone: "error", text: answer.error });
      showError(answer.error);
    }
  });

  const stale = () => !options.current || options.current.expiresAt - Date.now() < FRESH_FOR_MS;
  // The library, and new options if the page's are old, are asked for when the person points at or
  // focuses the button, so the device's prompt follows the tap closely (Safari wants it so).
  const refreshing = useRef<Promise<void> | null>(null);
  const refresh = () => {
    refreshing.current ??= freshOptions()
      .then(keep)
      .finally(() => (refreshing.current = null));
    return refreshing.current;
  };
  function warm() {
    void loadWebAuthn().catch(() => {});
    if (stale()) refresh().catch(() => {});
  }

  async function signIn() {
    setOutcome(null);
    setPrompting(true);
    try {
      const webauthn = await loadWebAuthn();
      if (stale()) await refresh();
      const { optionsJSON } = options.current!;
      const response = await webauthn.startAuthentication({ optionsJSON });
      tried.current = { rpID: optionsJSON.rpId ?? window.location.hostname, credentialID: response.id };
      const body = { response, ...(next ? { retour: next } : {}) } as unknown as Parameters<typeof fetcher.submit>[0];
      await fetcher.submit(body, { method: "post", action: "/login/cle", encType: "application/json" });
    } catch (error) {
      const failure = promptFailure(error, false);
      setOutcome(failure);
      if (failure.tone === "error") showError(failure.text);
    } finally {
      setPrompting(false);
    }
  }

  if (!available) return null;
  const busy = prompting || fetcher.state !== "idle";
  // Without scripts the button could do nothing: such a browser sees the password form alone.
  return (
    <div className="mt-6 [@media(scripting:none)]:hidden">
      <OrDivider />
      <Button
        type="button"
        variant="outline"
        // A phone's narrower card: a smaller label without its icon, on two lines rather than past the
        // edge on the narrowest.
        className="mt-6 !h-auto min-h-11 w-full !px-4 py-2 !text-sm !whitespace-normal sm:!text-[0.95rem]"
        disabled={busy}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => void signIn()}
      >
        <KeyRound aria-hidden="true" className="max-sm:hidden" />
        {busy ? "Connexion…" : "Se connecter avec une clé d'accès"}
      </Button>
      <PromptOutcomeLine outcome={outcome} />
    </div>
  );
}
