import { Check, Copy, Download, ExternalLink, ShieldCheck, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { SettingsCard } from "~/components/settings-card";
import { Field, Input } from "~/components/ui/field";
import { formatDate } from "~/lib/dates";
import { useSite, useStaffUser } from "~/lib/site-data";
import { typography } from "~/lib/typography";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import type { AuthenticatorData } from "./authenticator-queries.server";
import { authenticatorSchema, type AuthenticatorResult } from "./authenticator-schema";

const ACTION = "/edit-compte/application";
const refusedToast = (fieldErrors: Record<string, string>) => ({
  type: "error" as const,
  title: "Erreur",
  description: Object.values(fieldErrors)[0] ?? "Demande invalide.",
});

/** Mon compte's authenticator app: off (set it up), being set up (scan, then a first code), or on
 * (recovery codes, turn off). The recovery codes are shown once, right after they are made. */
export function AuthenticatorSection({ data }: { data: AuthenticatorData }) {
  const fetcher = useFetcher<AuthenticatorResult>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    fieldErrors: errors,
    setFieldErrors,
    pending,
  } = useStaffAction(fetcher, (result) => {
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
  });
  const check = (event: React.FormEvent<HTMLFormElement>) =>
    setFieldErrors(checkBeforeSending(event, authenticatorSchema, refusedToast));

  return (
    <SettingsCard
      id="application"
      title={typography("Application d'authentification")}
      badge={
        data.totp && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800">
            <ShieldCheck className="size-3.5" aria-hidden="true" /> Activée
          </span>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : data.totp ? (
        <>
          <p className="mt-1 text-sm text-stone">
            {typography(
              `Après votre mot de passe, la connexion demande le code de l'application. Codes de récupération restants : ${data.recoveryCodesLeft} sur 10.`,
            )}
          </p>
          <fetcher.Form method="post" action={ACTION} noValidate className="mt-6 grid gap-4" onSubmit={check}>
            <Field
              label="Code de l'application"
              hint="Pour changer les codes de récupération ou désactiver l'application."
              error={errors.code}
              required
            >
              {(props) => (
                <Input {...props} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={40} />
              )}
            </Field>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="nouveaux-codes" variant="outline" disabled={pending}>
                Nouveaux codes de récupération
              </Button>
              <Button type="submit" name="intent" value="desactiver" variant="danger" disabled={pending}>
                {typography("Désactiver l'application")}
              </Button>
            </div>
          </fetcher.Form>
        </>
      ) : data.setup ? (
        <div className="mt-4 grid gap-5">
          <ol className="grid gap-2 text-sm text-stone">
            <li>
              {typography(
                "1. Dans votre application (Google Authenticator, Microsoft Authenticator, 1Password…), ajoutez un compte : balayez ce code depuis un autre appareil ou, sur ce téléphone, touchez « Ouvrir dans l'application » ou copiez la clé.",
              )}
            </li>
            <li>{typography("2. Entrez le code à 6 chiffres qu'elle affiche.")}</li>
          </ol>
          <div className="flex flex-col items-center gap-3 rounded-xl bg-ivory/70 p-4 sm:flex-row sm:items-start">
            <div
              role="img"
              aria-label="Code QR à balayer avec l'application d'authentification"
              className="size-44 shrink-0 rounded-lg bg-white p-2 [&_svg]:size-full"
              dangerouslySetInnerHTML={{ __html: data.setup.qrSvg }}
            />
            <div className="min-w-0 text-sm">
              <p className="text-stone">{typography("La clé à entrer dans l'application :")}</p>
              <p data-testid="authenticator-secret" className="mt-1 font-mono text-base tracking-wider text-ink">
                {data.setup.secretGroups.map((group, index) => (
                  <span key={index} className="whitespace-nowrap">
                    {group}{" "}
                  </span>
                ))}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <a href={data.setup.uri} className={buttonClass("outline", "sm")}>
                  <ExternalLink aria-hidden="true" /> {typography("Ouvrir dans l'application")}
                </a>
                <CopyButton text={data.setup.secretGroups.join("")} label="Copier la clé" />
              </div>
            </div>
          </div>
          <fetcher.Form
            method="post"
            action={ACTION}
            noValidate
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={check}
          >
            <input type="hidden" name="intent" value="activer" />
            <Field label="Code à 6 chiffres" error={errors.code} required className="min-w-0 flex-1">
              {(props) => (
                <Input {...props} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
              )}
            </Field>
            <Button type="submit" disabled={pending}>
              {pending ? "Vérification…" : "Activer"}
            </Button>
          </fetcher.Form>
          <fetcher.Form method="post" action={ACTION}>
            <input type="hidden" name="intent" value="annuler" />
            <Button type="submit" variant="ghost" size="sm" disabled={pending}>
              Annuler la configuration
            </Button>
          </fetcher.Form>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone">
            {typography(
              "Une deuxième étape après le mot de passe : un code à 6 chiffres, renouvelé toutes les 30 secondes sur votre téléphone. Un mot de passe volé ne suffit plus.",
            )}
          </p>
          <fetcher.Form method="post" action={ACTION} className="mt-6">
            <input type="hidden" name="intent" value="commencer" />
            <Button type="submit" variant="outline" disabled={pending}>
              <Smartphone aria-hidden="true" /> {typography("Configurer l'application")}
            </Button>
          </fetcher.Form>
        </>
      )}
    </SettingsCard>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? "Copié" : label}
    </Button>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const site = useSite();
  const me = useStaffUser();
  const box = useRef<HTMLDivElement>(null);
  // Shown where the person is looking, whatever the page's scroll was when the app turned on.
  useEffect(() => {
    box.current?.scrollIntoView({ block: "center" });
    box.current?.focus();
  }, []);
  const text = [
    `Codes de récupération — ${site.name} — ${me?.username ?? ""}`,
    `Faits le ${formatDate(new Date(), "dateTime")}. Chacun sert une fois.`,
    "",
    ...codes,
    "",
  ].join("\n");
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "codes-de-recuperation.txt" });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div ref={box} tabIndex={-1} className="mt-4 grid gap-4 outline-none" role="status">
      <p className="text-sm text-ink">
        {typography(
          "Voici vos codes de récupération. Chacun remplace une fois le code de l'application si vous n'avez plus votre téléphone. Gardez-les en lieu sûr : ils ne seront plus affichés.",
        )}
      </p>
      <ul
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-ivory/70 p-4 font-mono text-base"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={text} label="Copier" />
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" /> Télécharger
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          {typography("J'ai noté mes codes")}
        </Button>
      </div>
    </div>
  );
}
