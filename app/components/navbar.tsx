import { Menu, X } from "lucide-react";
import { useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { useSignedIn, useSite } from "~/lib/site-data";
import { BrandMark } from "./brand";
import { buttonClass } from "./ui/button";

type NavItem = { to: string; label: string };

// Spec section 2: visitors see Accueil and Notre offre; signed-in staff also see the catalogue,
// the about page and the customiser, with Edit in a group of its own.
const PUBLIC_LINKS: NavItem[] = [
  { to: "/", label: "Accueil" },
  { to: "/notre-offre", label: "Notre offre" },
];
const STAFF_LINKS: NavItem[] = [
  { to: "/produits", label: "Produits" },
  { to: "/machines", label: "Machines" },
  { to: "/about", label: "À propos de nous" },
  { to: "/creer-machine", label: "Créer ma machine" },
];
const EDIT_LINK: NavItem = { to: "/edit", label: "Edit" };

export function navLinks(signedIn: boolean) {
  return { main: signedIn ? [...PUBLIC_LINKS, ...STAFF_LINKS] : PUBLIC_LINKS, edit: signedIn ? EDIT_LINK : null };
}

const linkLook = (isActive: boolean) =>
  cn(
    "relative rounded-full font-medium transition-colors",
    isActive ? "bg-ink text-ivory" : "text-ink/75 hover:bg-ink/5 hover:text-ink",
  );
const linkClass = ({ isActive }: { isActive: boolean }) => cn(linkLook(isActive), "px-3.5 py-2 text-sm");
// The phone menu's links: full width, larger.
const menuLinkClass = ({ isActive }: { isActive: boolean }) => cn(linkLook(isActive), "block px-4 py-3 text-base");

export function Navbar() {
  const site = useSite();
  const signedIn = useSignedIn();
  const { main, edit } = navLinks(signedIn);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // Any navigation closes the mobile menu, and so does a click on one of its links (the current page's too).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setOpen(false);
  }
  const closeMenu = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-ink/8 bg-ivory/85 backdrop-blur-md supports-[backdrop-filter]:bg-ivory/75">
      <nav aria-label="Navigation principale" className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex items-center gap-2.5 rounded-lg text-ink" aria-label={`${site.name}, accueil`}>
          <BrandMark />
          <span className="font-display text-lg font-semibold tracking-tight">{site.name}</span>
        </Link>

        <div className="hidden items-center gap-1 lg:flex">
          <ul className="flex items-center gap-1">
            {main.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {edit && (
            <ul className="ml-2 flex items-center border-l border-ink/10 pl-3" aria-label="Administration">
              <li>
                <NavLink to={edit.to} className={linkClass}>
                  {edit.label}
                </NavLink>
              </li>
            </ul>
          )}
          <Link to="/contact" className={cn(buttonClass("primary", "sm"), "ml-3")}>
            Contactez nous
          </Link>
        </div>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Fermer le menu" : "Ouvrir le menu"}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-6" /> : <Menu className="size-6" />}
        </button>
      </nav>

      <div id={menuId} hidden={!open} className="border-t border-ink/8 bg-ivory lg:hidden">
        <div className="container-page flex flex-col gap-1 py-4">
          <ul className="flex flex-col gap-1">
            {main.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={menuLinkClass} onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {edit && (
            <ul className="mt-2 border-t border-ink/10 pt-3" aria-label="Administration">
              <li>
                <NavLink to={edit.to} className={menuLinkClass} onClick={closeMenu}>
                  {edit.label}
                </NavLink>
              </li>
            </ul>
          )}
          <Link to="/contact" className={cn(buttonClass("primary", "md"), "mt-3 w-full")} onClick={closeMenu}>
            Contactez nous
          </Link>
        </div>
      </div>
    </header>
  );
}
