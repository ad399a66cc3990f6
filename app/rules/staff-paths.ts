// The staff screens, listed once: app/routes.ts puts the guarded ones under the guarded layout,
// robots.txt asks search engines to keep out of them, the floating contact button does not show on
// them (but for the about page, read like the public site), and the client build keeps their code out
// of the visitors' files (server/pages/build/chunks.ts).

type RouteEntry = readonly [path: string, file: string];

/** Screens for signed-in staff only (visitors get 'Page non trouvée'). */
export const GUARDED_ROUTES: readonly RouteEntry[] = [
  ["creer-machine", "routes/creer-machine.tsx"],
  ["creer-machine/:machineId", "routes/creer-machine-id.tsx"],
  ["about", "routes/about.tsx"],
  ["edit", "routes/edit.tsx"],
  ["edit/sauvegarde", "routes/edit-sauvegarde.tsx"],
  ["edit-products", "routes/edit-products.tsx"],
  ["edit-machines", "routes/edit-machines.tsx"],
  ["edit-gallery", "routes/edit-gallery.tsx"],
  ["edit-demandes", "routes/edit-demandes.tsx"],
  ["edit-statistiques", "routes/edit-statistiques.tsx"],
  ["edit-statistiques/export", "routes/edit-statistiques-export.tsx"],
  ["edit-demandes/export.csv", "routes/edit-demandes-export.ts"],
  ["edit-demandes/:demandeId", "routes/edit-demandes-demande.tsx"],
  ["edit-propositions", "routes/edit-propositions.tsx"],
  ["edit-propositions/modele/:machineId", "routes/edit-propositions-modele.ts"],
  ["edit-installations", "routes/edit-installations.tsx"],
  ["edit-installations/nouvelle", "routes/edit-installations-nouvelle.tsx"],
  ["edit-installations/:installationId", "routes/edit-installations-installation.tsx"],
  ["edit-installations/:installationId/etiquette.pdf", "routes/edit-installations-etiquette.ts"],
  ["edit-installations/etiquettes.pdf", "routes/edit-installations-etiquettes.ts"],
  ["edit-service", "routes/edit-service.tsx"],
  ["edit-service/remboursements", "routes/edit-service-remboursements.tsx"],
  ["edit-service/remboursements.csv", "routes/edit-service-remboursements-csv.ts"],
  ["edit-service/:ticketId", "routes/edit-service-ticket.tsx"],
  ["edit-service/:ticketId/photo", "routes/edit-service-ticket-photo.ts"],
  ["edit-pages", "routes/edit-pages.tsx"],
  ["edit-journal", "routes/edit-journal.tsx"],
  ["edit-redirects", "routes/edit-redirects.tsx"],
  ["edit-equipe", "routes/edit-equipe.tsx"],
  ["edit-compte", "routes/edit-compte.tsx"],
  // Mon compte's passkeys: adding and removing one.
  ["edit-compte/cles", "routes/edit-compte-cles.ts"],
  ["edit-compte/application", "routes/edit-compte-application.ts"],
];

/** Signing in and out: staff screens that anyone may reach. */
export const SIGN_IN_ROUTES: readonly RouteEntry[] = [
  ["login", "routes/login.tsx"],
  // Signing in with a passkey: the sign-in page posts the browser's answer there.
  ["login/cle", "routes/login-cle.ts"],
  ["logout", "routes/logout.tsx"],
  // The address an owner types or bookmarks: the sign-in, then the panel.
  ["admin", "routes/admin.ts"],
  // An invited person chooses a password there.
  ["invitation/:token", "routes/invitation.tsx"],
  // A forgotten password: the request, then the emailed link.
  ["mot-de-passe-oublie", "routes/mot-de-passe-oublie.tsx"],
  ["mot-de-passe/:token", "routes/mot-de-passe.tsx"],
];

export const GUARDED_LAYOUT = "routes/_guarded.tsx";

/** Every route module of the staff area, the guarded layout included. */
export const STAFF_ROUTE_FILES = [GUARDED_LAYOUT, ...[...GUARDED_ROUTES, ...SIGN_IN_ROUTES].map(([, file]) => file)];

/** The first path segment of each staff screen: '/edit', '/edit-products', '/login', … */
export const STAFF_SCREENS = [
  ...new Set([...GUARDED_ROUTES, ...SIGN_IN_ROUTES].map(([path]) => `/${path.split("/")[0]}`)),
];

/** Guarded pages that are read like the public site rather than worked in. */
const READING_PAGES = ["/about"];

/** Whether a path is a staff screen one works in (sign-in, the panel, the editors, the customiser) or
 * a page under one: the floating contact button stays off them (it would sit over their controls). */
export function isStaffWorkScreen(pathname: string): boolean {
  const screen = `/${pathname.split("/")[1] ?? ""}`.toLowerCase();
  return STAFF_SCREENS.includes(screen) && !READING_PAGES.includes(screen);
}

/** The address a sign-in goes on to (`/login?retour=…`, a staff email's link): a staff screen of this
 * site only, never another site's address; null for anything else. */
export function staffReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return null;
  if (value.length > 300) return null;
  const path = value.split(/[?#]/)[0]!;
  const screen = path.split("/")[1]!.toLowerCase();
  return isStaffWorkScreen(path) && !SIGN_IN_ROUTES.some(([p]) => screen === p.split("/")[0]) ? value : null;
}
