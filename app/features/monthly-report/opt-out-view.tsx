// The opt-out page: whose report it is, then one button (a plain form, it works before any script);
// once done, a sentence saying so.
import { CircleCheck, MailX } from "lucide-react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { typography as t } from "~/lib/typography";
import { useSite } from "~/lib/site-data";
import { telHref } from "~/rules/site";
import type { OptOutPageData } from "./opt-out.server";

export function OptOutPage({ page }: { page: OptOutPageData }) {
  const site = useSite();
  return (
    <section className="bg-ivory">
      <div className="container-page flex min-h-[60vh] max-w-xl flex-col items-center justify-center py-16 text-center sm:py-24">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-ink text-brass-light">
          {page.optedOut ? (
            <CircleCheck className="size-8" aria-hidden="true" />
          ) : (
            <MailX className="size-8" aria-hidden="true" />
          )}
        </span>
        <p className="eyebrow mt-6">{t(`Machine ${page.code}`)}</p>
        <h1 className="mt-2 text-3xl leading-tight font-semibold sm:text-4xl">
          {page.optedOut ? "Désabonnement confirmé" : "Rapport mensuel"}
        </h1>
        {page.optedOut ? (
          <p className="mt-4 text-lg leading-relaxed text-stone">
            {t(
              `C'est noté : vous ne recevrez plus le rapport mensuel de la machine ${page.machine} chez ${page.client}.`,
            )}
          </p>
        ) : (
          <>
            <p className="mt-4 text-lg leading-relaxed text-stone">
              {t(
                `Chaque mois, nous vous écrivons ce que les utilisateurs de la machine ${page.machine} chez ${page.client} nous ont signalé et ce que nous avons fait.`,
              )}
            </p>
            <Form method="post" className="mt-8">
              <button type="submit" className={buttonClass("primary", "lg")}>
                Ne plus recevoir ce rapport
              </button>
            </Form>
          </>
        )}
        <p className="mt-8 text-stone">
          {t("Une question ? Appelez-nous au ")}
          <a href={telHref(site.phone)} className="font-medium whitespace-nowrap text-ink underline underline-offset-4">
            {t(site.phone)}
          </a>
          .
        </p>
      </div>
    </section>
  );
}
