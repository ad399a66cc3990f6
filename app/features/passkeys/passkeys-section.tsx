// Mon compte's 'Clés d'accès': the person's passkeys (where each was added, when, its last use), adding
// one (the prompt's options from the server, the device's prompt, then its answer) and removing one
// after a confirmation. Posts go to /edit-compte/cles.
import { KeyRound, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { SettingsCard } from "~/components/settings-card";
import { ConfirmDialog } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import { MSG } from "~/lib/messages";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import { PASSKEY_MESSAGES } from "./messages";
import type { OwnPasskey } from "./queries.server";
import type { PasskeyResult } from "./schema";
import { loadWebAuthn, promptFailure, usePasskeysAvailable, type PromptOutcome } from "./webauthn";

const ENDPOINT = "/edit-compte/cles";

/** What a passkey is, for a person who has none yet. */
const EXPLANATION =
  "Une clé d'accès vous connecte d'un geste, avec l'empreinte, le visage ou le code de votre appareil, sans mot de passe à taper.";

const showError = (text: string) => toast.error(MSG.error, { description: typography(text) });

/** The options of a new key's prompt, or the server's refusal as the person reads it. */
async function prepare(): Promise<PasskeyResult> {
  const response = await fetch(ENDPOINT, { method: "POST", body: new URLSearchParams({ intent: "cle-preparer" }) });
  // A closed session (401) or a refusal before the action (403) answers in plain text.
  if (!response.headers.get("content-type")?.includes("json")) {
    return {
      ok: false,
      intent: "cle-preparer",
      toasts: [{ type: "error", title: MSG.error, description: await response.text() }],
    };
  }
  return (await response.json()) as PasskeyResult;
}

/** Options asked for ahead serve this long (a challenge lasts 5 minutes). */
const AHEAD_MS = 3 * 60 * 1000;

export function PasskeysSection({ passkeys }: { passkeys: OwnPasskey[] }) {
  const add = useFetcher<PasskeyResult>();
  const remove = useFetcher<PasskeyResult>();
  const addButton = useRef<HTMLButtonElement>(null);
  // The key the dialog asks about, kept while the dialog closes so its text does not go blank.
  const [confirming, setConfirming] = useState<OwnPasskey | null>(null);
  const [asking, setAsking] = useState(false);
  const available = usePasskeysAvailable(true);
  const [prompting, setPrompting] = useState(false);
  const [outcome, setOutcome] = useState<PromptOutcome | null>(null);
  const { pending: saving } = useStaffAction(add);
  const { pending: removing } = useStaffAction(remove, (result) => {
    if (!result.ok) return;
    setAsking(false);
    // The removed key's button is gone: focus goes on to the next thing one may do.
    requestAnimationFrame(() => addButton.current?.focus());
  });

  // The library and the options are asked for when the person points at or focuses the button, so the
  // device's prompt follows the tap closely (Safari wants it so).
  const ahead = useRef<{ at: number; answer: Promise<PasskeyResult> } | null>(null);
  function warm() {
    void loadWebAuthn().catch(() => {});
    if (ahead.current && Date.now() - ahead.current.at < AHEAD_MS) return;
    const answer = prepare();
    answer.catch(() => {});
    ahead.current = { at: Date.now(), answer };
  }

  async function addKey() {
    setOutcome(null);
    setPrompting(true);
    const kept = ahead.current && Date.now() - ahead.current.at < AHEAD_MS ? ahead.current.answer : null;
    ahead.current = null;
    try {
      const webauthn = await loadWebAuthn();
      const prepared = await (kept ?? prepare());
      if (!prepared.ok || !prepared.options) {
        const refusal = prepared.toasts[0]?.description ?? PASSKEY_MESSAGES.failed;
        setOutcome({ tone: "error", text: refusal });
        showError(refusal);
        return;
      }
      const answer = await webauthn.startRegistration({ optionsJSON: prepared.options.optionsJSON });
      await add.submit(
        { intent: "cle-ajouter", reponse: JSON.stringify(answer) },
        { method: "post", action: ENDPOINT },
      );
    } catch (error) {
      const failure = promptFailure(error, true);
      setOutcome(failure);
      if (failure.tone === "error") showError(failure.text);
    } finally {
      setPrompting(false);
    }
  }

  const busy = prompting || saving;
  const status = outcome?.text ?? (available ? "" : PASSKEY_MESSAGES.unsupported);
  return (
    <SettingsCard
      id="cles-acces"
      title="Clés d'accès"
      testId="own-passkeys"
      lead={typography(
        passkeys.length > 0
          ? "Vous vous connectez avec l'une d'elles d'un geste, sans mot de passe."
          : `Vous n'en avez pas encore. ${EXPLANATION}`,
      )}
    >
      {passkeys.length > 0 && (
        <ul className="mt-5 grid gap-3" aria-label="Vos clés d'accès">
          {passkeys.map((key) => (
            // On a phone the button goes under the dates, which then fit their line.
            <li
              key={key.id}
              className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-2 rounded-xl bg-ivory/70 p-3 sm:grid-cols-[auto_1fr_auto]"
              data-testid="own-passkey"
            >
              <KeyRound className="mt-0.5 size-5 shrink-0 text-brass-ink" aria-hidden="true" />
              <div className="min-w-0 text-sm">
                <p className="font-medium">{key.device}</p>
                <p className="text-stone">{typography(`Ajoutée le ${key.added}`)}</p>
                <p className="text-stone">
                  {typography(
                    key.lastUsed ? `Dernière connexion le ${key.lastUsed}` : "Pas encore utilisée pour se connecter",
                  )}
                </p>
              </div>
              <Button
                type="button"
                size="sm"
                variant="dangerOutline"
                className="col-start-2 justify-self-start sm:col-start-3 sm:row-start-1"
                onClick={() => {
                  setConfirming(key);
                  setAsking(true);
                }}
                aria-label={`Retirer la clé d'accès ${key.device} ajoutée le ${key.added}`}
              >
                Retirer
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        ref={addButton}
        type="button"
        variant="outline"
        className="mt-5 w-full sm:w-auto"
        disabled={!available || busy}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => void addKey()}
      >
        <Plus aria-hidden="true" />
        {busy ? "Ajout en cours…" : "Ajouter une clé d'accès"}
      </Button>
      <p
        aria-live="polite"
        className={cn("mt-3 text-sm empty:mt-0", outcome?.tone === "error" ? "text-danger" : "text-stone")}
      >
        {typography(status)}
      </p>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Retirer cette clé d'accès ?"
        description={
          confirming
            ? `La clé « ${confirming.device} », ajoutée le ${confirming.added}, ne permettra plus de vous connecter. Vous pourrez aussi l'effacer de l'appareil ou du gestionnaire de mots de passe qui la garde.`
            : ""
        }
        confirmLabel={removing ? "Retrait…" : "Retirer la clé"}
        pending={removing}
        onConfirm={() => {
          if (confirming)
            void remove.submit({ intent: "cle-retirer", id: confirming.id }, { method: "post", action: ENDPOINT });
        }}
      />
    </SettingsCard>
  );
}
