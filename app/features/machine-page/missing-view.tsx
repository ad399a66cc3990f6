// What a person sees when a scanned or typed code has no machine page: a machine not in service yet,
// one taken away, or a code that names none. Each says so and gives the phone, so a problem or a
// refund still reaches the team.
import { Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { useSite } from "~/lib/site-data";
import { typography } from "~/lib/typography";
import { telHref } from "~/rules/site";
import type { MachineMissing } from "./forms";

const TEXTS: Record<MachineMissing["state"], (code: string) => { title: string; text: string }> = {
  "a-installer": () => ({
    title: "Cette machine n'est pas encore en service",
    text: "Sa page ouvrira dès son installation. D'ici là, appelez-nous pour toute question.",
  }),
  retiree: () => ({
    title: "Cette machine n'est plus en service",
    text: "Elle a été retirée de cet endroit. Un problème, un remboursement à demander ? Appelez-nous : nous nous en occupons.",
  }),
  inconnu: (code) => ({
    title: "Code introuvable",
    text: `Aucune machine ne porte le code « ${code} ». Vérifiez le code inscrit sous le code QR, ou appelez-nous.`,
  }),
};

export function MachineMissingScreen({ code, state }: MachineMissing) {
  const site = useSite();
  const { title, text } = TEXTS[state](code);
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p className="eyebrow">{typography(state === "inconnu" ? "Erreur 404" : `Machine ${code}`)}</p>
      <h1 className="mt-3 max-w-xl text-3xl font-semibold text-balance sm:text-4xl">{typography(title)}</h1>
      <p className="mt-4 max-w-md leading-relaxed text-stone">
        {/* The code never breaks at its hyphen. */}
        {typography(text)
          .split(code)
          .flatMap((part, i) =>
            i === 0
              ? [part]
              : [
                  <span key={i} className="whitespace-nowrap">
                    {code}
                  </span>,
                  part,
                ],
          )}
      </p>
      {state === "inconnu" && (
        // A plain form: it opens the typed code's page without JavaScript too.
        <form method="get" action="/m" className="mt-8 flex w-full max-w-sm flex-col gap-2 text-left">
          <label htmlFor="code-machine" className="text-sm font-medium text-ink">
            Code inscrit sous le code QR
          </label>
          <div className="flex gap-2">
            <Input
              id="code-machine"
              name="code"
              required
              maxLength={20}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              placeholder="BD-0000"
              className="min-w-0 flex-1 uppercase"
            />
            <button type="submit" className={buttonClass("outline", "md")}>
              Ouvrir
            </button>
          </div>
        </form>
      )}
      <a href={telHref(site.phone)} className={buttonClass("primary", "md") + " mt-8 gap-2"}>
        <Phone className="size-4" aria-hidden="true" />
        {typography(`Appeler le ${site.phone}`)}
      </a>
      <Link to="/" className="mt-5 text-sm font-medium text-ink underline decoration-brass/60 underline-offset-4">
        {typography(`Visiter le site de ${site.name}`)}
      </Link>
    </section>
  );
}
