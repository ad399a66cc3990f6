// A client's proposal (/proposition/{jeton}): their machine with the layout drawn over its photo, the
// products of each section, what the machine is and what we promise, and the two answers the client
// can give: accept, or ask for changes. Both are plain form posts (no script needed); their answer
// shows where the client tapped ('Votre réponse', #reponse), in a live region, and takes the focus.
import { MSG } from "~/lib/messages";
import { Check, CircleCheck, FileDown, MessageSquareText, Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Img } from "~/components/img";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/field";
import { LayoutPreview, type PreviewProduct } from "~/features/customiser/layout-preview";
import { PROMISE_ICONS } from "~/features/home/promises-section";
import { useSite } from "~/lib/site-data";
import { telHref } from "~/rules/site";
import type { ProposalStatus } from "../../../server/db/schema";
import type { ServicePromise } from "./promises";
import { formatPrice } from "~/lib/format";
import { PROPOSAL_LIMITS, PROPOSAL_VALID_DAYS, proposalPath, proposalPdfPath } from "./rules";
import { formatDate } from "~/lib/dates";

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
  sections: {
    rows: number;
    cols: number;
    position: { x: number; y: number };
    size: { width: number; height: number };
  }[];
  items: { section: number; slot: number; name: string; price: number; image: string }[];
  status: ProposalStatus;
  sentOn: string;
  expiresOn: string;
  acceptedOn: string | null;
  change_request: string | null;
  newerToken: string | null;
};

export type ClientActionData =
  { ok: boolean; message: string; intent?: "accept" | "changes"; field?: "change_request" } | undefined;

/** Where the answers are, and where the page comes back to after one (without JavaScript too). */
export const ANSWER_ID = "reponse";

/** '2 décembre 2026', in Québec's time zone. */
export const frenchDate = (date: Date) => formatDate(date);

/** A section's products, each once, with how many slots it fills. */
export function sectionProducts(items: ClientProposalView["items"], section: number) {
  const byName = new Map<string, { name: string; image: string; price: number; count: number }>();
  for (const item of items) {
    if (item.section !== section) continue;
    const entry = byName.get(item.name);
    if (entry) entry.count++;
    else byName.set(item.name, { name: item.name, image: item.image, price: item.price, count: 1 });
  }
  return [...byName.values()];
}

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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const products: Record<string, PreviewProduct> = {};
  for (const item of proposal.items) products[`${item.section}:${item.slot}`] = item;
  const accepted = proposal.status === "acceptee";
  const open = !accepted && !proposal.newerToken;
  // The client just answered: the answer shows in 'Votre réponse', where they tapped.
  const answering = open || Boolean(result);
  const answerRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The answer takes the focus (the button pressed may be gone) and comes into view.
    const el = answerRef.current;
    if (!result || !el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "center" });
  }, [result]);
  const answerAction = `${proposalPath(proposal.token)}#${ANSWER_ID}`;

  return (
    <article className="container-page pt-8 pb-20 sm:pt-12">
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
      {accepted && !result && (
        <p
          role="status"
          data-testid="accepted"
          className="mt-6 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 font-medium text-success"
        >
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          Proposition acceptée{proposal.acceptedOn ? ` le ${proposal.acceptedOn}` : ""}. Nous vous appelons pour
          planifier l'installation.
        </p>
      )}

      <div className="mt-8 grid items-start gap-10 lg:grid-cols-[minmax(0,480px)_minmax(0,1fr)]">
        <LayoutPreview
          machineName={proposal.machine_name}
          chassis={proposal.machine_image}
          sections={proposal.sections}
          products={products}
        />

        <div className="flex min-w-0 flex-col gap-10">
          {proposal.sections.map((_, index) => {
            const list = sectionProducts(proposal.items, index);
            return (
              <section key={index} aria-labelledby={`section-${index + 1}`}>
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
          })}

          {(proposal.machine_specifications.length > 0 || proposal.machine_advantages.length > 0) && (
            <section aria-labelledby="machine-titre" className="grid gap-8 sm:grid-cols-2">
              <h2 id="machine-titre" className="sr-only">
                La machine
              </h2>
              {proposal.machine_specifications.length > 0 && (
                <div>
                  <h3 className="text-xl font-semibold">Spécifications</h3>
                  <ul className="mt-3 flex flex-col gap-2 text-ink/85">
                    {proposal.machine_specifications.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </div>
              )}
              {proposal.machine_advantages.length > 0 && (
                <div>
                  <h3 className="text-xl font-semibold">Avantages</h3>
                  <ul className="mt-3 flex flex-col gap-2 text-ink/85">
                    {proposal.machine_advantages.map((a) => (
                      <li key={a} className="flex gap-2">
                        <Check className="mt-1 size-4 shrink-0 text-brass-ink" aria-hidden="true" />
                        {a}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </section>
          )}

          {promises.length > 0 && (
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
          )}

          {proposal.change_request && (
            <section aria-labelledby="modifications-titre" className="rounded-xl bg-sand/60 p-5">
              <h2 id="modifications-titre" className="flex items-center gap-2 text-xl font-semibold">
                <MessageSquareText className="size-5" aria-hidden="true" />
                Modifications demandées
              </h2>
              <p className="mt-2 whitespace-pre-line text-ink/85" data-testid="change-request">
                {proposal.change_request}
              </p>
              <p className="mt-2 text-sm text-stone">Nous vous envoyons une version revue sous peu.</p>
            </section>
          )}

          {answering && (
            <section
              id={ANSWER_ID}
              aria-labelledby="reponse-titre"
              className="scroll-mt-28 rounded-[var(--radius-card)] bg-white p-5 ring-1 ring-ink/8 sm:p-6"
            >
              <h2 id="reponse-titre" className="text-2xl font-semibold">
                Votre réponse
              </h2>
              {/* Always present, so that what appears in it is announced. */}
              <div role="status" aria-live="polite" aria-atomic="true">
                {result?.ok && (
                  <p
                    ref={answerRef}
                    tabIndex={-1}
                    data-testid="answer-confirmation"
                    className="mt-4 flex items-start gap-2 rounded-xl bg-success/10 px-4 py-3 font-medium text-success outline-none focus-visible:ring-2 focus-visible:ring-success/40"
                  >
                    <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                    <span>
                      {result.message}{" "}
                      {result.intent === "accept"
                        ? `Proposition acceptée${proposal.acceptedOn ? ` le ${proposal.acceptedOn}` : ""}. Nous vous appelons pour planifier l'installation ; une confirmation vous est envoyée par courriel.`
                        : "Nous vous envoyons une version revue sous peu."}
                    </span>
                  </p>
                )}
              </div>
              {result && !result.ok && !result.field && (
                <p
                  ref={answerRef}
                  tabIndex={-1}
                  role="alert"
                  className="mt-4 rounded-xl bg-danger/10 px-4 py-3 text-danger outline-none"
                >
                  {result.message}
                </p>
              )}
              {open && (
                <>
                  <Form method="post" action={answerAction} preventScrollReset className="mt-4">
                    <input type="hidden" name="intent" value="accept" />
                    <Button type="submit" variant="brass" size="lg" disabled={busy}>
                      <Check aria-hidden="true" />
                      Accepter la proposition
                    </Button>
                  </Form>
                  <Form method="post" action={answerAction} preventScrollReset className="mt-6 flex flex-col gap-3">
                    <input type="hidden" name="intent" value="changes" />
                    <Field
                      label="Vos modifications"
                      error={result?.field === "change_request" ? result.message : undefined}
                    >
                      {(props) => (
                        <Textarea {...props} name="change_request" maxLength={PROPOSAL_LIMITS.changeRequest} required />
                      )}
                    </Field>
                    <div>
                      <Button type="submit" variant="outline" size="md" disabled={busy}>
                        Demander des modifications
                      </Button>
                    </div>
                  </Form>
                </>
              )}
            </section>
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
