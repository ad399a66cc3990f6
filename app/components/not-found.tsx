import { Link } from "react-router";
import { buttonClass } from "./ui/button";
import { MSG } from "~/lib/messages";
import { useSignedIn } from "~/lib/site-data";

/** 'oops' for unknown paths; 'guarded' for protected pages seen while signed out (a
 * 404 'Page non trouvée', never a redirect to the login). */
export function NotFoundScreen({
  variant,
  title,
  backTo,
}: {
  variant: "oops" | "guarded" | "item";
  title?: string;
  backTo?: { to: string; label: string };
}) {
  const heading = variant === "oops" ? "Oups\u00a0!" : (title ?? MSG.pageNotFound);
  const text =
    variant === "oops"
      ? "La page que vous cherchez n'existe pas ou a été déplacée."
      : variant === "guarded"
        ? "Cette page n'existe pas ou n'est pas accessible."
        : "L'élément demandé est introuvable. Il a peut-être été retiré.";
  // Signed-in staff who reach a screen their roles do not open go back to their panel.
  const signedIn = useSignedIn();
  const link =
    backTo ??
    (variant === "guarded" && signedIn
      ? { to: "/edit", label: "Retour au panneau" }
      : { to: "/", label: "Retour à l'accueil" });
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="eyebrow">Erreur 404</p>
      <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{heading}</h1>
      {variant === "oops" && <p className="mt-3 text-xl text-ink/80">{MSG.pageNotFound}</p>}
      <p className="mt-4 max-w-md text-stone">{text}</p>
      <Link to={link.to} className={buttonClass("primary", "md") + " mt-8"}>
        {link.label}
      </Link>
    </section>
  );
}
