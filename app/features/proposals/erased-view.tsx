import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The page of an erased proposal's link (410): what happened, and how to get a new one. */
export function ErasedProposal() {
  return (
    <section className="container-page py-24 text-center sm:py-32">
      <p className="eyebrow">Lien retiré</p>
      <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">Cette proposition n'est plus disponible</h1>
      <p className="mx-auto mt-4 max-w-xl text-stone">
        Elle a été effacée, à votre demande ou au terme de la période pendant laquelle nous conservons nos propositions.
        Pour en recevoir une nouvelle, écrivez-nous&#x202F;: nous vous répondrons rapidement.
      </p>
      <Link to="/contact" className={`${buttonClass("brass", "lg")} mt-8`}>
        Demander une nouvelle proposition
      </Link>
    </section>
  );
}
