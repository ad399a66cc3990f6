import { data, redirect } from "react-router";
import { findRequestMachine, receiveContactRequest } from "../features/contact-requests/receive.server";
import { ContactForm } from "~/features/contact-requests/contact-form";
import { CONTACT_MSG, type ContactActionData } from "~/features/contact-requests/form-schema";
import { ContactPromises } from "~/features/home/contact-section";
import { MSG } from "~/lib/messages";
import { StaticMarkup } from "~/lib/static-markup";
import { localBusinessJsonLd, pageMeta, siteFromMatches, withSeoTexts } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import { getRequestInfo, getServices } from "~/lib/loader-context.server";
import { pageTexts } from "~/features/site-texts/page-texts.server";
import { PAGE_SEO } from "~/rules/page-seo";
import { CONTACT_MACHINE_FIELD } from "~/rules/contact-machine";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    withSeoTexts(
      {
        ...PAGE_SEO.contact,
        path: "/contact",
        jsonLd: localBusinessJsonLd(siteFromMatches(matches)),
      },
      loaderData?.texts,
    ),
  );

/** Every contact form of the site posts here (with or without JavaScript). The request is stored
 * before the answer: /confirmation, or the form again with the values and a French message. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const result = await receiveContactRequest(request, services, getRequestInfo(context).ip);
  switch (result.kind) {
    case "stored":
      return redirect("/confirmation");
    case "invalid":
      return data<ContactActionData>(
        { status: "invalid", errors: result.errors, values: result.values },
        { status: 400 },
      );
    case "limited":
      return data<ContactActionData>(
        { status: "error", message: CONTACT_MSG.rateLimited, values: result.values },
        { status: 429 },
      );
  }
}

/** In the browser: a network failure or a server error becomes the failure toast (MSG.sendFailed),
 * and the form keeps every field (instead of the error screen). */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionData> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to /confirmation
    return { status: "error", message: MSG.sendFailed };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // /contact?machine=<id>: the request is about that machine (from its page or its view).
  const asked = new URL(request.url).searchParams.get(CONTACT_MACHINE_FIELD);
  const [texts, machine] = await Promise.all([
    pageTexts(request, context, "contact"),
    asked ? findRequestMachine(getServices(context).db, asked) : null,
  ]);
  return { texts, machine };
}

export default function ContactPage({ loaderData: { texts, machine } }: Route.ComponentProps) {
  const site = useSite();
  return (
    <div className="bg-ivory">
      <div className="container-page grid gap-14 pt-16 pb-24 sm:pt-24 sm:pb-32 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
        <StaticMarkup>
          <p className="eyebrow">{texts.eyebrow}</p>
          <h1 className="mt-3 text-5xl leading-[1.02] font-semibold sm:text-6xl">{texts.title}</h1>
          <p className="mt-6 max-w-lg text-lg leading-relaxed text-stone">{texts.text}</p>
          <div className="mt-12">
            <ContactPromises site={site} texts={texts} />
          </div>
        </StaticMarkup>
        <ContactForm machine={machine} />
      </div>
    </div>
  );
}
