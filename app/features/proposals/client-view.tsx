// A client's proposal (/proposition/{jeton}): their machine with the layout drawn over its photo, the
// products of each section, what the machine is and what we promise, and the two answers the client
// can give (client-answer.tsx): accept, or ask for changes.
import { Check, CircleCheck, FileDown, MessageSquareText, Phone } from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/img";
import { buttonClass } from "~/components/ui/button";
import { LayoutPreview, type PreviewProduct } from "~/features/customiser/layout-preview";
import { PROMISE_ICONS } from "~/features/home/promises-section";
import type { GridConfig } from "~/features/customiser/state";
import { formatPrice } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { useSite } from "~/lib/site-data";
import { telHref } from "~/rules/site";
import type { ProposalStatus } from "../../../server/db/schema";
import { ClientAnswer, type ClientActionData } from "./client-answer";
import type { ServicePromise } from "./promises";
import {
  acceptedNextStep,
  PROPOSAL_VALID_DAYS,
  proposalPath,
  proposalPdfPath,
  sectionProducts,
  type ProposalItem,
} from "./rules";

export type ClientProposalView = {
  token: string;
  version: number;
  client_name: string;
  /** What the staff wrote when sending it ('' when nothing). */
  message: string;
  machine_name: string;
  machine_image: string;
  machine_specifications: string[];
  machine_advantages: string[];
  sections: GridConfig[];
  items: ProposalItem[];
  status: ProposalStatus;
  sentOn: string;
  expiresOn: string;
  acceptedOn: string | null;
  /** The request it answers left a phone: the team calls to plan the installation (else writes). */
  byPhone: boolean;
  change_request: string | null;
  newerToken: string | null;
};

export function ClientProposal({
  proposal,
  promises,
  result,
}: {
  proposal: ClientProposalView;
  /** The home page's promises as published. */
  promises: ServicePromise[];
  result: ClientActionData;
}) {
  const site = useSite();
  const products: Record<string, PreviewProduct> = {};
  for (const item of proposal.items) products[`${item.section}:${item.slot}`] = item;
  const open = proposal.status !== "acceptee" && !proposal.newerToken;

  return (
    <article className="container-page pt-8 pb-20 sm:pt-12">
      <ProposalHeading proposal={proposal} answered={Boolean(result)} />

      <div className="mt-8 grid items-start gap-10 lg:grid-cols-[minmax(0,480px)_minmax(0,1fr)]">
        <LayoutPreview
          machineName={proposal.machine_name}
          chassis={proposal.machine_image}
          sections={proposal.sections}
          products={products}
        />

        <div className="flex min-w-0 flex-col gap-10">
          {proposal.sections.map((_, index) => (
            <SectionProducts key={index} index={index} items={proposal.items} />
          ))}
          <MachineFacts specifications={proposal.machine_specifications} advantages={proposal.machine_advantages} />
          <Promises promises={promises} />
          {proposal.change_request && <ChangeRequested text={proposal.change_request} />}
          {/* The client just answered: the answer shows in 'Votre réponse', where they tapped. */}
          {(open || result) && (
            <ClientAnswer
              token={proposal.token}
              acceptedOn={proposal.acceptedOn}
              byPhone={proposal.byPhone}
              open={open}
              result={result}
            />
          )}

          <p className="flex flex-wrap gap-3">
            <a href={proposalPdfPath(proposal.token)} className={buttonClass("outline", "md")} download>
              <FileDown aria-hidden="true" />
              Télécharger le PDF
            </a>
            <a href={telHref(site.phone)} className={buttonClass("ghost", "md")}>
              <Phone aria-hidden="true" />
              {site.phone}
            </a>
          </p>
        </div>
      </div>
    </article>
  );
}

/** Whose proposal it is and until when, the staff's message, and whether it was revised or accepted
 * (the acceptance just made is told in 'Votre réponse' instead). */
function ProposalHeading({ proposal, answered }: { proposal: ClientProposalView; answered: boolean }) {
  const site = useSite();
  return (
    <>
      <p className="eyebrow">Proposition{proposal.version > 1 ? ` · version ${proposal.version}` : ""}</p>
      <h1 className="mt-2 text-3xl font-semibold text-balance sm:text-4xl">{`Votre machine ${proposal.machine_name}`}</h1>
      <p className="mt-3 text-stone">
        {`Préparée pour ${proposal.client_name}, le ${proposal.sentOn}. Valide jusqu'au ${proposal.expiresOn}.`}
      </p>
      {/* Part of every offer, whatever the promises below say. */}
      <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-success">
        <Check className="size-4" aria-hidden="true" />
        {MSG.installationGratuite}
      </p>

      {proposal.message && (
        <figure
          className="mt-6 max-w-2xl rounded-[var(--radius-card)] border-l-4 border-brass bg-white px-5 py-4 ring-1 ring-ink/8"
          data-testid="owner-message"
        >
          <figcaption className="text-sm font-medium text-stone">{`Un mot de l'équipe de ${site.name}`}</figcaption>
          <blockquote className="mt-2 break-words whitespace-pre-line text-ink/90">{proposal.message}</blockquote>
        </figure>
      )}

      {proposal.newerToken && (
        <p role="status" className="mt-6 rounded-xl bg-brass/15 px-4 py-3 text-ink">
          Une version plus récente de cette proposition existe.{" "}
          <Link to={proposalPath(proposal.newerToken)} className="font-semibold underline">
            Voir la version la plus récente
          </Link>
        </p>
      )}
      {proposal.status === "acceptee" && !answered && (
        <p
          role="status"
          data-testid="accepted"
          className="mt-6 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 font-medium text-success"
        >
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          Proposition acceptée{proposal.acceptedOn ? ` le ${proposal.acceptedOn}` : ""}.{" "}
          {`Nous ${acceptedNextStep(proposal.byPhone)}.`}
        </p>
      )}
    </>
  );
}

/** A section's products, each once, with its price and how many slots it fills. */
function SectionProducts({ index, items }: { index: number; items: ProposalItem[] }) {
  const list = sectionProducts(items, index);
  return (
    <section aria-labelledby={`section-${index + 1}`}>
      <h2 id={`section-${index + 1}`} className="text-2xl font-semibold">
        Section {index + 1}
      </h2>
      {list.length === 0 ? (
        <p className="mt-2 text-stone">Aucun produit dans cette section.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {list.map((p) => (
            <li key={p.name} className="flex items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-ink/8">
              <Img
                src={p.image}
                alt=""
                width={160}
                height={160}
                sizes="56px"
                maxWidth={112}
                className="size-14 shrink-0 object-contain"
              />
              <span className="min-w-0">
                <span className="block font-medium text-ink">{p.name}</span>
                <span className="block text-sm text-stone">
                  {formatPrice(p.price)} · {p.count} emplacement{p.count > 1 ? "s" : ""}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The machine's specifications and advantages, as they were when the proposal was sent. */
function MachineFacts({ specifications, advantages }: { specifications: string[]; advantages: string[] }) {
  if (specifications.length === 0 && advantages.length === 0) return null;
  return (
    <section aria-labelledby="machine-titre" className="grid gap-8 sm:grid-cols-2">
      <h2 id="machine-titre" className="sr-only">
        La machine
      </h2>
      {specifications.length > 0 && (
        <div>
          <h3 className="text-xl font-semibold">Spécifications</h3>
          <ul className="mt-3 flex flex-col gap-2 text-ink/85">
            {specifications.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      {advantages.length > 0 && (
        <div>
          <h3 className="text-xl font-semibold">Avantages</h3>
          <ul className="mt-3 flex flex-col gap-2 text-ink/85">
            {advantages.map((a) => (
              <li key={a} className="flex gap-2">
                <Check className="mt-1 size-4 shrink-0 text-brass-ink" aria-hidden="true" />
                {a}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** 'Nos engagements': the home page's promises as published. */
function Promises({ promises }: { promises: ServicePromise[] }) {
  if (promises.length === 0) return null;
  return (
    <section aria-labelledby="promesses-titre">
      <h2 id="promesses-titre" className="text-2xl font-semibold">
        Nos engagements
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {promises.map(({ title, text }, i) => {
          const Icon = PROMISE_ICONS[i % PROMISE_ICONS.length]!;
          return (
            <li key={i} className="rounded-xl bg-white p-4 ring-1 ring-ink/8">
              <p className="flex items-center gap-2 font-semibold">
                <Icon className="size-5 shrink-0 text-brass-ink" aria-hidden="true" />
                {title}
              </p>
              <p className="mt-1 text-sm text-stone">{text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The client's latest change request, and what happens next. */
function ChangeRequested({ text }: { text: string }) {
  return (
    <section aria-labelledby="modifications-titre" className="rounded-xl bg-sand/60 p-5">
      <h2 id="modifications-titre" className="flex items-center gap-2 text-xl font-semibold">
        <MessageSquareText className="size-5" aria-hidden="true" />
        Modifications demandées
      </h2>
      <p className="mt-2 whitespace-pre-line text-ink/85" data-testid="change-request">
        {text}
      </p>
      <p className="mt-2 text-sm text-stone">Nous vous envoyons une version revue sous peu.</p>
    </section>
  );
}

/** After 60 days: the proposal is no longer shown; how to ask for a new one. */
export function ExpiredProposal() {
  const site = useSite();
  return (
    <section className="container-page py-24 text-center sm:py-32">
      <h1 className="text-3xl font-semibold sm:text-4xl">Cette proposition a expiré</h1>
      <p className="mx-auto mt-4 max-w-xl text-stone">
        Nos propositions restent valides {PROPOSAL_VALID_DAYS} jours. Pour en recevoir une nouvelle, écrivez-nous ou
        appelez-nous au{" "}
        <a href={telHref(site.phone)} className="font-medium text-ink underline">
          {site.phone}
        </a>
        .
      </p>
      <Link to="/contact" className={`${buttonClass("brass", "lg")} mt-8`}>
        Demander une nouvelle proposition
      </Link>
    </section>
  );
}
