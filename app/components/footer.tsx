import { LockKeyhole, LogOut, Mail, MapPin, Phone } from "lucide-react";
import { Form, Link } from "react-router";
import { telHref } from "~/rules/site";
import { StaticMarkup } from "~/lib/static-markup";
import { useSignedIn, useSite } from "~/lib/site-data";
import { BrandMark, InstagramIcon } from "./brand";

export function Footer() {
  const site = useSite();
  const signedIn = useSignedIn();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-ink text-ivory/80 print:hidden">
      <StaticMarkup className="container-page grid gap-12 py-16 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <Link to="/" className="inline-flex items-center gap-2.5 text-ivory">
            <BrandMark className="text-ivory" />
            <span className="font-display text-xl font-semibold">{site.name}</span>
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-ivory/70">
            Distributrices haut de gamme installées gratuitement dans les entreprises de {site.serviceArea}. Service
            local, {"7\u00a0jours sur\u00a07"}.
          </p>
        </div>
        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-brass-light uppercase">Nous joindre</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={telHref(site.phone)} className="inline-flex min-h-6 items-center gap-2.5 hover:text-ivory">
                <Phone className="size-4 text-brass-light" aria-hidden="true" /> {site.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="inline-flex min-h-6 items-center gap-2.5 hover:text-ivory">
                <Mail className="size-4 text-brass-light" aria-hidden="true" /> {site.email}
              </a>
            </li>
            <li className="inline-flex items-center gap-2.5">
              <MapPin className="size-4 text-brass-light" aria-hidden="true" /> {site.serviceArea}
            </li>
            <li>
              <a
                href={site.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center gap-2.5 hover:text-ivory"
              >
                <InstagramIcon className="size-4 text-brass-light" /> Instagram
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.18em] text-brass-light uppercase">Découvrir</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <Link to="/notre-offre" className="inline-flex min-h-6 items-center hover:text-ivory">
                Notre offre
              </Link>
            </li>
            <li>
              <Link to="/galerie" className="inline-flex min-h-6 items-center hover:text-ivory">
                Galerie
              </Link>
            </li>
            <li>
              <Link to="/contact" className="inline-flex min-h-6 items-center hover:text-ivory">
                Contact
              </Link>
            </li>
            <li>
              <Link to="/politique-de-confidentialite" className="inline-flex min-h-6 items-center hover:text-ivory">
                Politique de confidentialité
              </Link>
            </li>
          </ul>
        </div>
      </StaticMarkup>
      <div className="border-t border-ivory/10">
        {/* The bottom padding keeps the last row clear of the floating Instagram button (56 px, 20 px
            from the bottom): the staff's lock is never under it. */}
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 pt-5 pb-24 text-xs text-ivory/60">
          <p>
            © {year} {site.name}. Tous droits réservés.
          </p>
          {signedIn ? (
            <div className="flex items-center gap-1 max-sm:-ml-3">
              {/* Ends every session of this admin (other browsers, a forgotten computer). */}
              <Form method="post" action="/logout">
                <input type="hidden" name="scope" value="everywhere" />
                <button
                  type="submit"
                  className="inline-flex h-9 items-center rounded-full px-3 whitespace-nowrap text-ivory/60 hover:bg-ivory/10 hover:text-ivory"
                >
                  Se déconnecter partout
                </button>
              </Form>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  aria-label="Se déconnecter"
                  title="Se déconnecter"
                  className="inline-flex size-9 items-center justify-center rounded-full text-ivory/60 hover:bg-ivory/10 hover:text-ivory"
                >
                  <LogOut className="size-4" aria-hidden="true" />
                </button>
              </Form>
            </div>
          ) : (
            <Link
              to="/login"
              aria-label="Connexion du personnel"
              title="Connexion du personnel"
              className="inline-flex size-9 items-center justify-center rounded-full text-ivory/60 hover:bg-ivory/10 hover:text-ivory"
            >
              <LockKeyhole className="size-4" aria-hidden="true" />
            </Link>
          )}
        </div>
      </div>
    </footer>
  );
}
