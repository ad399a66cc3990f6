// What each staff account may open. A person holds one role or several; the owner ('Propriétaire')
// opens everything. The server checks this on every staff request before reading a body; the menu
// and the panel show only what a person may open, from the same rule.
import type { StaffRole } from "../../server/db/schema";
import { GUARDED_ROUTES } from "./staff-paths";

export type { StaffRole };

export const ROLE_LABELS: Record<StaffRole, string> = {
  proprietaire: "Propriétaire",
  ventes: "Ventes",
  service: "Service",
  contenu: "Contenu",
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  proprietaire: "Tout, y compris l'équipe, le journal, la sauvegarde et la restauration.",
  ventes: "Demandes, propositions et statistiques.",
  service: "Parc installé et service.",
  contenu: "Produits, machines, galerie et pages.",
};

export const STAFF_ROLES = Object.keys(ROLE_LABELS) as StaffRole[];

/** Who may open a screen, by its first path segment: the roles listed, or every signed-in account. */
type Access = "everyone" | readonly StaffRole[];

const SCREEN_ACCESS: Record<string, Access> = {
  // The panel and the about page: every account (the panel shows each only its own cards).
  edit: "everyone",
  about: "everyone",
  // One's own account: its password and sessions.
  "edit-compte": "everyone",
  "edit-demandes": ["ventes"],
  "edit-propositions": ["ventes"],
  "edit-statistiques": ["ventes"],
  // A machine's layout is made for a proposal (sales) or for an installed machine (service).
  "creer-machine": ["ventes", "service"],
  "edit-installations": ["service"],
  "edit-service": ["service"],
  "edit-products": ["contenu"],
  "edit-machines": ["contenu"],
  "edit-gallery": ["contenu"],
  "edit-pages": ["contenu"],
  "edit-redirects": ["contenu"],
  // Pictures and videos sent by the content editors' forms.
  api: ["contenu"],
  "edit-journal": [],
  "edit-equipe": [],
};

function pathSegments(pathname: string): string[] {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape matches no route: compared as it is.
  }
  // A page's data request ('/edit-products.data') asks for the page's own data.
  return path
    .toLowerCase()
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean);
}

const GUARDED_SCREENS = new Set(GUARDED_ROUTES.map(([path]) => path.split("/")[0]!));

/** The roles a staff request needs besides the owner's, or 'everyone' signed in. A staff screen not
 * listed is the owner's alone; the public site is everyone's. */
export function accessFor(method: string, pathname: string): Access {
  const [screen = "", sub] = pathSegments(pathname);
  if (screen === "edit") {
    // The panel's own form places the homepage video; its backup page is the owner's.
    if (sub === "sauvegarde") return [];
    return ["GET", "HEAD"].includes(method.toUpperCase()) ? "everyone" : ["contenu"];
  }
  // A machine's proposal template: the machine editor reads and clears it too.
  if (screen === "edit-propositions" && sub === "modele") return ["ventes", "contenu"];
  if (Object.hasOwn(SCREEN_ACCESS, screen)) return SCREEN_ACCESS[screen]!;
  return GUARDED_SCREENS.has(screen) ? [] : "everyone";
}

/** The answer to a change the account's roles do not allow (403). */
export const ROLE_REFUSED = "Votre rôle ne permet pas cette modification. Demandez-la au propriétaire du site.";

/** Whether an account with these roles may make this request. */
export function mayAccess(roles: readonly StaffRole[], method: string, pathname: string): boolean {
  if (roles.includes("proprietaire")) return true;
  const access = accessFor(method, pathname);
  return access === "everyone" || access.some((role) => roles.includes(role));
}

/** Where a session opened with the password alone goes while the owner requires a second factor. */
export const SECOND_FACTOR_SCREEN = "/edit-compte";
/** The answer to a change made from such a session (403). */
export const SECOND_FACTOR_REFUSED =
  "Le propriétaire exige une clé d'accès ou une application d'authentification : ajoutez-en une dans Mon compte.";

/** Whether this signed-in session may make this request: its roles allow it, and while the owner
 * requires a second factor that the session was not opened with, only Mon compte opens. */
export function maySessionAccess(
  user: { roles: readonly StaffRole[]; mustAddSecondFactor: boolean },
  method: string,
  pathname: string,
): boolean {
  if (user.mustAddSecondFactor && pathSegments(pathname)[0] !== SECOND_FACTOR_SCREEN.slice(1)) return false;
  return mayAccess(user.roles, method, pathname);
}

/** Whether an account with these roles may open the screen at this address (menus, the panel's cards). */
export function mayOpen(roles: readonly StaffRole[], pathname: string): boolean {
  return mayAccess(roles, "GET", pathname);
}
