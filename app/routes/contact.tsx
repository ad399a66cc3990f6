import { data, redirect } from "react-router";
import { getRequestInfo, getServices } from "../../server/context";
import { receiveContactRequest } from "../../server/contact/receive";
import { ContactForm } from "~/features/contact/contact-form";
import { CONTACT_MSG, type ContactActionData } from "~/features/contact/schema";
import { MSG } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Contact", description: "Demandez une distributrice pour votre entreprise : réponse en moins de 24 heures.", path: "/contact", });

/** Every contact form of the site posts here (with or without JavaScript). The request is stored
 * before the answer: /confirmation, or the form again with the values and a French message. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const result = await receiveContactRequest(request, services, getRequestInfo(context).ip);
  switch (result.kind) {
    case "stored":
    case "spam":
      return redirect("/confirmation");
    case "invalid":
      return data<ContactActionData>({ status: "invalid", errors: result.errors, values: result.values }, { status: 400 });
    case "limited":
      return data<ContactActionData>({ status: "error", message: CONTACT_MSG.rateLimited, values: result.values }, { status: 429 });
    case "too-large":
      return data<ContactActionData>({ status: "error", message: CONTACT_MSG.tooLarge }, { status: 413 });
  }
}

/** In the browser: a network failure or a server error becomes the spec's failure toast, and the
 * form keeps every field (instead of the error screen). */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactActionData> {
  try {
    return (await serverAction()) as ContactActionData;
  } catch (error) {
    if (error instanceof Response) throw error; // the redirect to /confirmation
    return { status: "error", message: MSG.sendFailed };
  }
}

export default function ContactPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Contact</h1>
      <ContactForm className="mt-10 max-w-3xl" />
    </section>
  );
}
