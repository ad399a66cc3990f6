import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import type { TeamData } from "./staff-queries.server";
import type { TeamResult } from "./staff-schema";

/** The owner's rule for the team's sign-in: a passkey, or the password and an authenticator code. */
export function SignInRule({ data }: { data: Pick<TeamData, "secondFactorRequired" | "accounts"> }) {
  const fetcher = useFetcher<TeamResult>();
  const [formKey, setFormKey] = useState(0);
  // Refused, the box goes back to what is saved; the reason stays beside it.
  const { fieldErrors, pending } = useStaffAction(fetcher, (result) => {
    if (!result.ok) setFormKey((key) => key + 1);
  });
  const without = data.accounts.filter((a) => a.active && !a.secondFactor).map((a) => a.name);
  return (
    <section
      aria-labelledby="sign-in-rule"
      className="mt-12 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
    >
      <h2 id="sign-in-rule" className="flex items-center gap-2 text-2xl font-semibold">
        <ShieldCheck className="size-6 text-brass-ink" aria-hidden="true" /> Connexion renforcée
      </h2>
      <p className="mt-1 text-sm text-stone">
        {typography(
          "Quand elle est exigée, chaque personne se connecte avec une clé d'accès, ou avec son mot de passe suivi du code de son application d'authentification : un mot de passe volé ne suffit plus.",
        )}
      </p>
      <p className="mt-3 text-sm" data-testid="accounts-without-second-factor">
        {without.length === 0
          ? typography("Tous les comptes actifs ont une clé d'accès ou une application.")
          : typography(`Sans clé d'accès ni application : ${without.join(", ")}.`)}
      </p>
      <fetcher.Form method="post" className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <input type="hidden" name="intent" value="deuxieme-etape" />
        <label className="flex items-start gap-3 text-sm font-medium">
          <input
            type="checkbox"
            name="exiger"
            value="1"
            defaultChecked={data.secondFactorRequired}
            key={`${String(data.secondFactorRequired)}-${formKey}`}
            aria-describedby={fieldErrors.exiger ? "sign-in-rule-error" : undefined}
            className="mt-0.5 size-5 shrink-0 accent-ink"
          />
          {typography("Exiger une clé d'accès ou une application pour toute l'équipe")}
        </label>
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? "Enregistrement…" : "Enregistrer"}
        </Button>
      </fetcher.Form>
      {fieldErrors.exiger && (
        <p id="sign-in-rule-error" role="alert" className="mt-3 text-sm text-danger">
          {typography(fieldErrors.exiger)}{" "}
          <Link to="/edit-compte" className="font-medium underline underline-offset-4">
            Ouvrir Mon compte
          </Link>
        </p>
      )}
    </section>
  );
}
