import { ArrowRight, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { InstagramIcon } from "~/components/brand";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { pageMeta, withSeoTexts } from "~/lib/seo";
import { telHref } from "~/rules/site";
import { useSite } from "~/lib/site-data";
import { pageTexts } from "~/features/site-texts/page-texts.server";
import { PAGE_SEO } from "~/rules/page-seo";
import type { Route } from "./+types/confirmation";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    withSeoTexts(
      {
        ...PAGE_SEO.confirmation,
        path: "/confirmation",
        noindex: true,
      },
      loaderData?.texts,
    ),
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  return { texts: await pageTexts(request, context, "confirmation") };
}

export default function ConfirmationPage({ loaderData: { texts } }: Route.ComponentProps) {
  const site = useSite();
  return (
    <section className="relative isolate overflow-hidden bg-ivory">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,rgb(227_197_139/0.35),transparent_70%)]"
      />
      <div className="container-page flex min-h-[70vh] flex-col items-center justify-center py-24 text-center sm:py-32">
        <span className="inline-flex size-20 items-center justify-center rounded-full bg-ink text-brass-light shadow-[var(--shadow-card)]">
          <CircleCheck className="size-10" aria-hidden="true" />
        </span>
        <h1 className="mt-8 text-5xl font-semibold sm:text-6xl">{texts.title}</h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-stone sm:text-xl">{texts.text}</p>
        <p className="mt-3 text-stone">
          {texts.question}{" "}
          <a href={telHref(site.phone)} className="font-medium text-ink underline underline-offset-4">
            {site.phone}
          </a>
          .
        </p>
        <div className="mt-12 flex flex-col gap-3 sm:flex-row">
          <Link to="/" className={cn(buttonClass("primary", "lg"), "group")}>
            {texts.homeButton}
            <ArrowRight className="transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
          </Link>
          <a
            href={site.instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("outline", "lg")}
          >
            <InstagramIcon className="size-5" />
            {texts.instagramButton}
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
