// 'Planifier l'installation' (/edit-installations/nouvelle): from an accepted proposal
// (?proposition=id, its client and contact prefilled, its machine and layout copied), or a new
// installation by hand (the machine chosen from the catalogue). The day and time are Québec's; the
// client can be emailed the date with a calendar file. Works as a plain form before the app starts.
import { CalendarCheck } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Input, Select } from "~/components/ui/field";
import { typography } from "~/lib/typography";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { fixFieldsToast, planInstallationSchema, type InstallationResult } from "./staff-schema";

type Prefill = {
  client_name: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  address: string;
};

export type PlanFormData = {
  proposal: { id: string; machine_name: string; existing: { id: string; code: string } | null } | null;
  proposalMissing?: boolean;
  machines: { id: string; nom: string }[];
  prefill: Prefill;
  emailConfigured: boolean;
};

export function PlanInstallationForm({ proposal, proposalMissing, machines, prefill, emailConfigured }: PlanFormData) {
  const fetcher = useFetcher<InstallationResult>();
  const { fieldErrors, setFieldErrors, pending } = useStaffAction(fetcher);
  const error = (name: string) => (fieldErrors[name] ? typography(fieldErrors[name]) : null);
  const fromProposal = Boolean(proposal);
  return (
    <AdminPage
      title={fromProposal ? "Planifier l'installation" : "Nouvelle installation"}
      intro={
        proposal
          ? `La machine ${proposal.machine_name} et sa disposition viennent de la proposition acceptée.`
          : "Une machine installée ou à installer chez un client, sans proposition en ligne."
      }
      back={{ to: "/edit-installations", label: "Retour au parc installé" }}
    >
      <Notices proposal={proposal} proposalMissing={proposalMissing} />
      <fetcher.Form
        method="post"
        noValidate
        className="grid max-w-2xl gap-5 rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:grid-cols-2 sm:p-6"
        onSubmit={(event) => setFieldErrors(checkBeforeSending(event, planInstallationSchema, fixFieldsToast))}
      >
        <input type="hidden" name="intent" value="planifier" />
        {proposal && <input type="hidden" name="proposal_id" value={proposal.id} />}
        {!proposal && (
          <Field label="Machine" required error={error("machine_id")} className="sm:col-span-2">
            {(props) => (
              <Select name="machine_id" defaultValue="" {...props}>
                <option value="">Choisissez une machine</option>
                {machines.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.nom}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label="Entreprise du client" required error={error("client_name")} className="sm:col-span-2">
          {(props) => (
            <Input
              name="client_name"
              defaultValue={prefill.client_name}
              maxLength={200}
              autoComplete="organization"
              {...props}
            />
          )}
        </Field>
        <Field
          label="Adresse de l'installation"
          required
          hint={typography("Numéro, rue, ville : là où la machine sera placée.")}
          error={error("address")}
          className="sm:col-span-2"
        >
          {(props) => (
            <Input
              name="address"
              defaultValue={prefill.address}
              maxLength={300}
              autoComplete="street-address"
              {...props}
            />
          )}
        </Field>
        <Field label="Date" required={fromProposal} error={error("date")}>
          {(props) => <Input type="date" name="date" {...props} />}
        </Field>
        <Field label="Heure" required={fromProposal} hint="Heure du Québec." error={error("time")}>
          {(props) => <Input type="time" name="time" step={900} {...props} />}
        </Field>
        <Field label="Personne à joindre" required error={error("contact_name")} className="sm:col-span-2">
          {(props) => (
            <Input
              name="contact_name"
              defaultValue={prefill.contact_name}
              maxLength={120}
              autoComplete="name"
              {...props}
            />
          )}
        </Field>
        <Field label="Téléphone" error={error("contact_phone")}>
          {(props) => (
            <Input
              type="tel"
              name="contact_phone"
              defaultValue={prefill.contact_phone}
              maxLength={40}
              autoComplete="tel"
              {...props}
            />
          )}
        </Field>
        <Field label="Courriel" error={error("contact_email")}>
          {(props) => (
            <Input
              type="email"
              name="contact_email"
              defaultValue={prefill.contact_email}
              maxLength={254}
              autoComplete="email"
              {...props}
            />
          )}
        </Field>
        <label className="flex items-start gap-3 sm:col-span-2">
          <Checkbox
            name="notify"
            defaultChecked={fromProposal && emailConfigured}
            disabled={!emailConfigured}
            className="mt-0.5"
          />
          <span className="text-sm text-ink">
            {typography("Envoyer la date au client par courriel, avec un fichier de calendrier")}
            {!emailConfigured && (
              <span className="block text-stone">
                {typography("L'envoi de courriels n'est pas configuré sur ce site.")}
              </span>
            )}
          </span>
        </label>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" disabled={pending}>
            <CalendarCheck aria-hidden="true" />
            {pending ? "Enregistrement…" : fromProposal ? "Planifier l'installation" : "Créer l'installation"}
          </Button>
          <Link
            to="/edit-installations"
            className="inline-flex h-11 items-center px-2 text-sm font-medium text-stone underline"
          >
            Annuler
          </Link>
        </div>
      </fetcher.Form>
    </AdminPage>
  );
}

/** A proposal asked for that cannot be planned, or one already planned. */
function Notices({ proposal, proposalMissing }: Pick<PlanFormData, "proposal" | "proposalMissing">) {
  return (
    <>
      {proposalMissing && (
        <p role="alert" className="mb-6 rounded-xl bg-danger/10 px-4 py-3 text-danger">
          {typography(
            "Cette proposition n'existe plus ou n'est pas acceptée : vous pouvez créer l'installation à la main.",
          )}
        </p>
      )}
      {proposal?.existing && (
        <p role="status" className="mb-6 rounded-xl bg-brass/15 px-4 py-3 text-brass-ink">
          {typography(`Une installation est déjà planifiée pour cette proposition (${proposal.existing.code}). `)}
          <Link to={`/edit-installations/${proposal.existing.id}`} className="font-medium underline">
            Voir l'installation
          </Link>
        </p>
      )}
    </>
  );
}
