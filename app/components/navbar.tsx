import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { useSite, useStaffUser } from "~/lib/site-data";
import { mayOpen, type StaffRole } from "~/rules/staff-roles";
import { useAppStarted } from "~/lib/use-app-started";
import { BrandMark } from "./brand";
import { buttonClass } from "./ui/button";

type NavItem = { to: string; label: string };

// Visitors see Accueil and Notre offre; signed-in staff also see the catalogue,
// the about page and the customiser, with the panel (Administration, as its page is titled) in a group of
// its own.
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
const EDIT_LINK: NavItem = { to: "/edit", label: "Administration" };

function navLinks(roles: readonly StaffRole[] | null) {
  if (!roles) return { main: PUBLIC_LINKS, edit: null };
  return { main: [...PUBLIC_LINKS, ...STAFF_LINKS.filter((link) => mayOpen(roles, link.to))], edit: EDIT_LINK };
}

const linkLook = (isActive: boolean) =>
  cn(
    "relative rounded-full font-medium transition-colors",
    isActive ? "bg-ink text-ivory" : "text-ink/75 hover:bg-ink/5 hover:text-ink",
  );
const linkClass = ({ isActive }: { isActive: boolean }) => cn(linkLook(isActive), "px-3.5 py-2 text-sm");
// The phone menu's links: full width, larger.
const menuLinkClass = ({ isActive }: { isActive: boolean }) => cn(linkLook(isActive), "block px-4 py-3 text-base");

// The menu button's label and icon, from the popover's state.
const OPEN_MENU_HIDES = "group-has-[[data-menu]:popover-open]/header:hidden";
const OPEN_MENU_SHOWS = "group-has-[[data-menu]:popover-open]/header:block";

export function Navbar() {
  const site = useSite();
  const user = useStaffUser();
  const roles = user?.roles ?? null;
  const name = user?.name ?? "";
  const { main, edit } = navLinks(roles);
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const started = useAppStarted();
  // The menu is a native popover: its button opens it before the app runs (and without JavaScript),
  // Escape and a click outside close it. The app mirrors its state for aria-expanded.
  const [open, setOpen] = useState(false);
  // A tap made before the app started may have opened it already.
  useEffect(() => setOpen(menu.current?.matches(":popover-open") ?? false), []);

  // Any navigation closes the mobile menu, and so does a click on one of its links (the current page's too).
  const { pathname } = useLocation();
  const menuPath = useRef(pathname);
  useEffect(() => {
    if (menuPath.current === pathname) return;
    menuPath.current = pathname;
    menu.current?.hidePopover();
  }, [pathname]);
  const closeMenu = () => menu.current?.hidePopover();

  return (
    <header className="group/header sticky top-0 z-40 border-b border-ink/8 bg-ivory/85 backdrop-blur-md supports-[backdrop-filter]:bg-ivory/75">
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
            Contactez-nous
          </Link>
        </div>

        <button
          type="button"
          popoverTarget={menuId}
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5 lg:hidden"
          aria-expanded={started ? open : undefined}
        >
          {/* Label and icon follow the popover in CSS, before the app runs as after. */}
          <span className={cn("sr-only", OPEN_MENU_HIDES)}>Ouvrir le menu</span>
          <span className={cn("sr-only hidden", OPEN_MENU_SHOWS)}>Fermer le menu</span>
          <Menu className={cn("size-6", OPEN_MENU_HIDES)} aria-hidden="true" />
          <X className={cn("hidden size-6", OPEN_MENU_SHOWS)} aria-hidden="true" />
        </button>
      </nav>

      <div
        ref={menu}
        id={menuId}
        popover="auto"
        onToggle={(event) => setOpen(event.newState === "open")}
        data-menu
        // Under the bar, full width (the browser's popover styles undone); its top border covers the bar's.
        className="fixed inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-0 border-y border-ink/8 bg-ivory p-0 text-ink lg:hidden"
      >
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
              {/* On a phone the staff's own account and signing out are here, with who is signed in. */}
              <li>
                <NavLink to="/edit-compte" className={menuLinkClass} onClick={closeMenu}>
                  {`Mon compte (${name})`}
                </NavLink>
              </li>
              <li>
                <Form method="post" action="/logout">
                  <button type="submit" className={cn(menuLinkClass({ isActive: false }), "w-full text-left")}>
                    Se déconnecter
                  </button>
                </Form>
              </li>
            </ul>
          )}
          <Link to="/contact" className={cn(buttonClass("primary", "md"), "mt-3 w-full")} onClick={closeMenu}>
            Contactez-nous
          </Link>
        </div>
      </div>
    </header>
  );
}
