// A machine's public page as the person in front of it sees it on a phone: the machine and its
// products, three actions, one form at a time, then the confirmation. Links and plain forms only: it
// works from its HTML alone; with JavaScript the browser also measures how long a form took.
import {
  AlertTriangle,
  ArrowLeft,
  Check,
  CircleDollarSign,
  Lightbulb,
  Loader2,
  Phone,
  Search,
  Send,
} from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Img } from "~/components/img";
import { buttonClass } from "~/components/ui/button";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { HONEYPOT_FIELD } from "~/features/contact-requests/fields";
import { FILL_TIME_FIELD } from "~/features/contact-requests/spam";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import { useSite } from "~/lib/site-data";
import { typography } from "~/lib/typography";
import { telHref } from "~/rules/site";
import { ACCEPT, TICKET_PHOTO } from "~/rules/uploads";
import { NewInMachine } from "./new-in-machine";
import {
  formatCents,
  INTENT_FIELD,
  LIMITS,
  localInputValue,
  PAYMENT_METHODS,
  PHOTO_FIELD,
  PHOTO_MAX_TEXT,
  PHOTO_MESSAGES,
  PROBLEM_KINDS,
  REFUND_METHODS,
  type FormValues,
  type Intent,
} from "./forms";

type Product = { slot: string; name: string; price: number; image: string };
type Thanks =
  | { kind: "ticket"; code: string; ticket: "probleme" | "remboursement"; due: string; answerable: boolean }
  | { kind: "vote" | "already" | "received" };

export type MachinePageProps = {
  machine: { code: string; name: string; client: string };
  products: Product[];
  /** Put in by a swap in the last 30 days. */
  newProducts: string[];
  form: Intent | null;
  thanks: Thanks | null;
  search: string;
  found: { id: string; nom: string; prix: number; image: string; inMachine: boolean }[] | null;
  refundMax: number;
  now: string;
  result:
    { intent: Intent; errors: { message: string; fields: Record<string, string> }; values: FormValues } | undefined;
};

const t = typography;

const ACTIONS: { intent: Intent; title: string; text: string; icon: ReactNode }[] = [
  {
    intent: "probleme",
    title: "Signaler un problème",
    text: "Un produit coincé, une machine vide, un paiement refusé…",
    icon: <AlertTriangle aria-hidden="true" />,
  },
  {
    intent: "remboursement",
    title: "Demander un remboursement",
    text: "La machine a gardé votre argent ? Nous vous remboursons.",
    icon: <CircleDollarSign aria-hidden="true" />,
  },
  {
    intent: "suggestion",
    title: "Suggérer un produit",
    text: "Dites-nous ce que vous aimeriez trouver dans cette machine.",
    icon: <Lightbulb aria-hidden="true" />,
  },
];

export function MachinePage(props: MachinePageProps) {
  const { machine, form, thanks, result } = props;
  const shown = result?.intent ?? form;
  return (
    <div className="bg-ivory">
      <div className="container-page max-w-3xl pt-8 pb-20 sm:pt-14 sm:pb-28">
        <header>
          <p className="eyebrow">{t(`Machine ${machine.code}`)}</p>
          <h1 className="mt-2 text-3xl leading-tight font-semibold sm:text-5xl">{t(machine.name)}</h1>
          <p className="mt-2 text-stone">{t(machine.client)}</p>
        </header>
        {thanks ? (
          <Confirmation thanks={thanks} code={machine.code} />
        ) : shown ? (
          <FormPanel {...props} intent={shown} />
        ) : (
          <>
            <NewInMachine names={props.newProducts} />
            <Actions code={machine.code} />
            <Products products={props.products} newProducts={props.newProducts} />
          </>
        )}
      </div>
    </div>
  );
}

function Actions({ code }: { code: string }) {
  return (
    <nav aria-label="Que voulez-vous faire ?" className="mt-8 grid gap-3 sm:grid-cols-3">
      {ACTIONS.map((a) => (
        <Link
          key={a.intent}
          to={`/m/${code}?formulaire=${a.intent}`}
          className={cn(
            "group flex items-start gap-4 rounded-[var(--radius-card)] border border-ink/8 bg-white p-5 shadow-[var(--shadow-card)]",
            "transition-colors hover:border-ink/30 sm:flex-col sm:gap-3",
          )}
        >
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-ink text-brass-light [&_svg]:size-5">
            {a.icon}
          </span>
          <span>
            <span className="block text-lg font-semibold text-ink">{t(a.title)}</span>
            <span className="mt-1 block text-sm leading-relaxed text-stone">{t(a.text)}</span>
          </span>
        </Link>
      ))}
    </nav>
  );
}

function Products({ products, newProducts }: { products: Product[]; newProducts: string[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="produits-titre" className="mt-12">
      <h2 id="produits-titre" className="text-2xl font-semibold">
        {t("Dans cette machine")}
      </h2>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {products.map((p) => (
          <li key={p.slot} className="overflow-hidden rounded-2xl border border-ink/8 bg-white">
            <div className="relative aspect-square bg-sand/40">
              {newProducts.includes(p.name) && (
                <span className="absolute top-2 left-2 rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold text-brass-light">
                  Nouveau
                </span>
              )}
              <Img
                src={p.image}
                alt=""
                width={320}
                height={320}
                sizes="(min-width: 640px) 240px, 45vw"
                maxWidth={320}
                className="size-full object-contain p-3"
              />
            </div>
            <div className="px-3 pt-2 pb-3">
              <p className="text-sm leading-snug font-medium text-ink">{t(p.name)}</p>
              <p className="mt-1 text-sm text-stone tabular-nums">{formatPrice(p.price)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Back({ code, label = "Retour à la machine" }: { code: string; label?: string }) {
  return (
    <Link
      to={`/m/${code}`}
      className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-ink underline decoration-brass/60 underline-offset-4 hover:decoration-ink"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t(label)}
    </Link>
  );
}

/** Starts the fill-time clock when the form is shown (a vote is one tap: the time to read the list is
 * the person's) and writes it into the form on sending. */
function useFillTime() {
  const startedAt = useRef<number | null>(null);
  const start = () => {
    startedAt.current ??= performance.now();
  };
  useEffect(() => {
    startedAt.current ??= performance.now();
  }, []);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const field = event.currentTarget.elements.namedItem(FILL_TIME_FIELD);
    if (field instanceof HTMLInputElement && startedAt.current !== null) {
      field.value = String(Math.round(performance.now() - startedAt.current));
    }
  };
  return { onFocus: start, onPointerDown: start, onSubmit };
}

function FormPanel(props: MachinePageProps & { intent: Intent }) {
  const { intent, machine, result } = props;
  const action = ACTIONS.find((a) => a.intent === intent)!;
  const mine = result?.intent === intent ? result : undefined;
  const errors = Object.fromEntries(Object.entries(mine?.errors.fields ?? {}).map(([k, v]) => [k, t(v)]));
  const values = mine?.values ?? {};
  const fill = useFillTime();
  const site = useSite();
  // A refused form's messages are above the button that sent it: brought into view and read first.
  const alert = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!mine) return;
    alert.current?.focus();
    // As a form sent back without JavaScript: the photo is chosen again, as its message asks.
    const photo = formRef.current?.elements.namedItem(PHOTO_FIELD);
    if (photo instanceof HTMLInputElement) photo.value = "";
  }, [mine]);
  // While a form is on its way (with JavaScript), a second tap sends nothing more.
  const sending = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="formulaire-titre" className="mt-6">
      <Back code={machine.code} />
      <div className="mt-4 rounded-[var(--radius-card)] border border-ink/8 bg-white p-5 shadow-[var(--shadow-card)] sm:p-8">
        <h2 id="formulaire-titre" className="text-2xl font-semibold">
          {t(action.title)}
        </h2>
        {intent === "suggestion" && <CatalogueSearch {...props} />}
        <Form
          ref={formRef}
          method="post"
          action={`/m/${machine.code}?formulaire=${intent}`}
          // A problem may carry a photo: sent as a file, with JavaScript or without.
          encType={intent === "probleme" ? "multipart/form-data" : undefined}
          noValidate
          className="relative mt-6"
          aria-label={action.title}
          {...fill}
        >
          {mine && (
            <div
              ref={alert}
              role="alert"
              tabIndex={-1}
              className="mb-6 scroll-mt-24 rounded-xl border border-danger/25 bg-danger/[0.06] px-4 py-3 text-sm text-danger outline-none"
            >
              <p className="font-semibold">{t("Votre envoi n'est pas parti.")}</p>
              <p>{t(mine.errors.message)}</p>
            </div>
          )}
          <input type="hidden" name={INTENT_FIELD} value={intent} />
          <div className="grid gap-6">
            {intent === "probleme" && <ProblemFields {...props} errors={errors} values={values} />}
            {intent === "remboursement" && <RefundFields {...props} errors={errors} values={values} />}
            {intent === "suggestion" && <SuggestionFields errors={errors} values={values} />}
          </div>
          <div aria-hidden="true" className="absolute top-0 -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${intent}-${HONEYPOT_FIELD}`}>Site web (laissez ce champ vide)</label>
            <input
              id={`${intent}-${HONEYPOT_FIELD}`}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <input type="hidden" name={FILL_TIME_FIELD} defaultValue="" />
          <button
            type="submit"
            disabled={sending}
            aria-busy={sending || undefined}
            className={cn(buttonClass("primary", "lg"), "mt-8 w-full disabled:cursor-wait sm:w-auto")}
          >
            {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {intent === "suggestion" ? "Envoyer ma suggestion" : "Envoyer"}
          </button>
        </Form>
        {intent !== "suggestion" && (
          <p className="mt-6 flex gap-2 border-t border-ink/8 pt-5 text-sm leading-relaxed text-stone">
            <Phone className="mt-0.5 size-4 shrink-0 text-brass-ink" aria-hidden="true" />
            <span>
              {t("Vous préférez nous parler ? Appelez-nous au ")}
              <a
                href={telHref(site.phone)}
                className="font-medium whitespace-nowrap text-ink underline decoration-brass/60 underline-offset-4"
              >
                {t(site.phone)}
              </a>
              .
            </span>
          </p>
        )}
      </div>
    </section>
  );
}

type FieldProps = { errors: Record<string, string>; values: FormValues };

function ProductChoice({ products, errors, values }: FieldProps & { products: Product[] }) {
  if (products.length === 0) return null;
  return (
    <Field large label="Produit (facultatif)" error={errors.produit}>
      {(p) => (
        <Select large {...p} name="produit" defaultValue={values.produit ?? ""}>
          <option value="">{t("Aucun en particulier")}</option>
          {products.map((prod) => (
            <option key={prod.slot} value={prod.slot}>
              {t(`${prod.name} (${formatPrice(prod.price)})`)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function WhenField({ errors, values, now }: FieldProps & { now: string }) {
  return (
    <Field large label="Quand" hint={t("Laissez tel quel si c'était à l'instant.")} error={errors.quand}>
      {(p) => (
        <Input
          large
          {...p}
          name="quand"
          type="datetime-local"
          max={localInputValue(new Date(new Date(now).getTime() + 10 * 60_000))}
          defaultValue={values.quand ?? localInputValue(new Date(now))}
        />
      )}
    </Field>
  );
}

function DetailsField({ errors, values }: FieldProps) {
  return (
    <Field large label="Précisions (facultatif)" error={errors.details}>
      {(p) => (
        <Textarea large {...p} name="details" maxLength={LIMITS.details} rows={3} defaultValue={values.details} />
      )}
    </Field>
  );
}

function ProblemFields({ machine, products, now, errors, values }: MachinePageProps & FieldProps) {
  return (
    <>
      <fieldset aria-describedby={errors.probleme ? "probleme-erreur" : undefined}>
        <legend className="text-[0.95rem] font-medium text-ink">
          {t("Qu'est-ce qui s'est passé ?")}
          <span aria-hidden="true" className="ml-0.5 text-brass-ink">
            *
          </span>
        </legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {PROBLEM_KINDS.map((k) => (
            <Choice
              key={k.value}
              name="probleme"
              value={k.value}
              label={k.label}
              checked={values.probleme === k.value}
            />
          ))}
        </div>
        {errors.probleme && <FieldError id="probleme-erreur">{errors.probleme}</FieldError>}
        <p className="mt-3 text-sm leading-relaxed text-stone">
          {t("Vous voulez être remboursé ? ")}
          <Link
            to={`/m/${machine.code}?formulaire=remboursement`}
            className="font-semibold text-ink underline underline-offset-4"
          >
            {t("Demander un remboursement")}
          </Link>
        </p>
      </fieldset>
      <ProductChoice products={products} errors={errors} values={values} />
      <WhenField errors={errors} values={values} now={now} />
      <DetailsField errors={errors} values={values} />
      <PhotoField errors={errors} />
      <Field
        large
        label="Courriel ou téléphone (facultatif)"
        hint={t("Seulement si vous souhaitez une réponse.")}
        error={errors.contact}
      >
        {(p) => (
          <Input
            large
            {...p}
            name="contact"
            type="text"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.contact}
            defaultValue={values.contact}
          />
        )}
      </Field>
    </>
  );
}

/** One photo, checked on the server by its content. A refused form cannot give the file back: its
 * message asks for it again. With JavaScript, a photo over the limit is refused as soon as it is chosen,
 * before minutes of sending on a phone end in a refusal. */
function PhotoField({ errors }: { errors: Record<string, string> }) {
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <Field
      large
      label="Photo (facultatif)"
      hint={t(`Une photo de l'écran ou du produit nous aide. JPEG, PNG ou WebP, ${PHOTO_MAX_TEXT} au plus.`)}
      error={tooLarge ? PHOTO_MESSAGES.tooLargeImage : errors[PHOTO_FIELD]}
    >
      {(p) => (
        <Input
          large
          {...p}
          name={PHOTO_FIELD}
          type="file"
          accept={ACCEPT.image}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            const over = Boolean(file && file.size > TICKET_PHOTO.maxBytes);
            if (over) event.currentTarget.value = "";
            setTooLarge(over);
          }}
          className={cn(
            "h-auto cursor-pointer py-2 pl-2 text-sm text-stone",
            "file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border-0 file:bg-ink file:px-4",
            "file:text-sm file:font-semibold file:text-ivory hover:file:bg-ink/90",
          )}
        />
      )}
    </Field>
  );
}

function RefundFields({ products, now, refundMax, errors, values }: MachinePageProps & FieldProps) {
  return (
    <>
      <Field
        large
        label="Montant à rembourser"
        required
        hint={t(`En dollars, jusqu'à ${formatCents(refundMax)}.`)}
        error={errors.montant}
      >
        {(p) => (
          <Input
            large
            {...p}
            name="montant"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="2,50"
            maxLength={12}
            defaultValue={values.montant}
          />
        )}
      </Field>
      <Field large label="Vous avez payé par" required error={errors.paiement}>
        {(p) => (
          <Select large {...p} name="paiement" defaultValue={values.paiement ?? ""}>
            <option value="" disabled>
              {t("Choisissez…")}
            </option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m.value} value={m.value}>
                {t(m.label)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset aria-describedby={errors.retour ? "retour-erreur" : undefined}>
        <legend className="text-[0.95rem] font-medium text-ink">
          {t("Comment voulez-vous être remboursé ?")}
          <span aria-hidden="true" className="ml-0.5 text-brass-ink">
            *
          </span>
        </legend>
        <div className="mt-3 grid gap-2">
          {REFUND_METHODS.map((m) => (
            <Choice key={m.value} name="retour" value={m.value} label={m.label} checked={values.retour === m.value} />
          ))}
        </div>
        {errors.retour && <FieldError id="retour-erreur">{errors.retour}</FieldError>}
      </fieldset>
      <Field
        large
        label="Courriel"
        required
        hint={t("Pour vous répondre et, s'il y a lieu, pour le virement Interac.")}
        error={errors.courriel}
      >
        {(p) => (
          <Input
            large
            {...p}
            name="courriel"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.courriel}
            defaultValue={values.courriel}
          />
        )}
      </Field>
      <ProductChoice products={products} errors={errors} values={values} />
      <WhenField errors={errors} values={values} now={now} />
      <DetailsField errors={errors} values={values} />
    </>
  );
}

function SuggestionFields({ errors, values }: FieldProps) {
  return (
    <Field large label="Le produit que vous aimeriez" hint={t("Une marque, un format, une saveur…")} error={errors.nom}>
      {(p) => (
        <Input
          large
          {...p}
          name="nom"
          type="text"
          autoComplete="off"
          maxLength={LIMITS.nom}
          defaultValue={values.nom}
        />
      )}
    </Field>
  );
}

/** A search in the catalogue (a plain GET form) whose results each send a vote. */
function CatalogueSearch({ machine, search, found }: MachinePageProps) {
  const fill = useFillTime();
  return (
    <div className="mt-5">
      <form method="get" action={`/m/${machine.code}`} role="search" className="flex gap-2">
        <input type="hidden" name="formulaire" value="suggestion" />
        <label htmlFor="recherche" className="sr-only">
          Chercher dans notre catalogue
        </label>
        <Input
          large
          id="recherche"
          name="recherche"
          type="search"
          placeholder={t("Nom d'un produit")}
          maxLength={LIMITS.recherche}
          defaultValue={search}
        />
        <button type="submit" className={cn(buttonClass("outline", "lg"), "shrink-0 px-4")} aria-label="Chercher">
          <Search aria-hidden="true" />
        </button>
      </form>
      {found && (
        <div className="mt-4">
          {found.length === 0 ? (
            <p className="text-sm text-stone">
              {t(`Aucun produit du catalogue ne correspond à « ${search} ». Écrivez son nom ci-dessous.`)}
            </p>
          ) : (
            <ul className="grid gap-2" aria-label="Produits du catalogue">
              {found.map((p) => (
                <li key={p.id}>
                  <Form
                    method="post"
                    action={`/m/${machine.code}?formulaire=suggestion`}
                    className="flex items-center justify-between gap-3 rounded-xl border border-ink/10 px-4 py-2.5"
                    {...fill}
                  >
                    <input type="hidden" name={INTENT_FIELD} value="suggestion" />
                    <input type="hidden" name="produit_id" value={p.id} />
                    <input type="hidden" name={FILL_TIME_FIELD} defaultValue="" />
                    <span className="flex min-w-0 items-center gap-3">
                      <Img
                        src={p.image}
                        alt=""
                        width={48}
                        height={48}
                        sizes="48px"
                        maxWidth={160}
                        className="size-12 shrink-0 rounded-lg bg-sand/40 object-contain p-1"
                      />
                      <span className="min-w-0">
                        <span className="block text-[0.95rem] font-medium break-words">{t(p.nom)}</span>
                        <span className="block text-sm text-stone tabular-nums">
                          {formatPrice(p.prix)}
                          {p.inMachine && <span className="font-medium text-brass-ink"> · Déjà dans la machine</span>}
                        </span>
                      </span>
                    </span>
                    {!p.inMachine && (
                      <button
                        type="submit"
                        className={cn(buttonClass("primary", "sm"), "shrink-0")}
                        aria-label={`Voter pour ${p.nom}`}
                      >
                        Voter
                      </button>
                    )}
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-5 text-sm text-stone">{t("Pas dans le catalogue ? Écrivez son nom :")}</p>
        </div>
      )}
    </div>
  );
}

function Choice({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-ink/15 bg-white px-4 py-2.5 text-[0.95rem] text-ink transition-colors hover:border-ink/35 has-[:checked]:border-ink has-[:checked]:bg-ink/[0.04] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brass">
      <input type="radio" name={name} value={value} defaultChecked={checked} className="size-4 accent-ink" />
      {t(label)}
    </label>
  );
}

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-danger">
      <span aria-hidden="true">●</span>
      {children}
    </p>
  );
}

function Confirmation({ thanks, code }: { thanks: Thanks; code: string }) {
  const site = useSite();
  const title =
    thanks.kind === "ticket"
      ? thanks.ticket === "remboursement"
        ? "Votre demande de remboursement est reçue"
        : "Votre signalement est reçu"
      : thanks.kind === "vote"
        ? "Merci pour votre suggestion !"
        : thanks.kind === "already"
          ? "Votre suggestion est déjà comptée aujourd'hui"
          : "Merci, c'est bien reçu";
  return (
    <section
      aria-labelledby="merci-titre"
      className="mt-8 rounded-[var(--radius-card)] border border-ink/8 bg-white p-6 shadow-[var(--shadow-card)] sm:p-10"
    >
      <span className="grid size-12 place-items-center rounded-full bg-ink text-brass-light">
        <Check className="size-6" aria-hidden="true" />
      </span>
      <h2 id="merci-titre" className="mt-5 text-2xl font-semibold sm:text-3xl">
        {t(title)}
      </h2>
      {thanks.kind === "ticket" && (
        <>
          <p className="mt-5 text-sm text-stone">{t("Votre numéro de référence")}</p>
          <p className="mt-1 font-mono text-3xl font-semibold tracking-wider text-ink" data-testid="reference">
            {thanks.code}
          </p>
          <p className="mt-5 leading-relaxed text-ink">
            {t(
              thanks.answerable
                ? `Nous vous répondrons au plus tard le ${formatDate(thanks.due, "fullDateTime")}.`
                : `Nous nous en occupons d'ici le ${formatDate(thanks.due, "fullDateTime")}.`,
            )}
          </p>
          <p className="mt-2 text-sm leading-relaxed text-stone">
            {t("Gardez ce numéro : il nous aide à retrouver votre demande si vous nous appelez au ")}
            <a
              href={telHref(site.phone)}
              className="font-medium whitespace-nowrap text-ink underline decoration-brass/60 underline-offset-4"
            >
              {t(site.phone)}
            </a>
            .
          </p>
        </>
      )}
      {(thanks.kind === "vote" || thanks.kind === "already") && (
        <p className="mt-4 leading-relaxed text-ink">
          {t("Les produits les plus demandés entrent dans la machine lors de nos prochaines visites.")}
        </p>
      )}
      <Back code={code} />
    </section>
  );
}
