// The staff screens: search engines are asked to keep out of them (robots.txt, whose rules match by
// prefix, so '/edit' covers the '/edit-…' editors too) and the public floating contact button does
// not show on them.
export const STAFF_SCREENS = ["/edit", "/login", "/creer-machine"] as const;

/** Whether a path is a staff screen: one of them, a page under it, or an '/edit-…' editor. */
export function isStaffPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path.startsWith("/edit-") || STAFF_SCREENS.some((screen) => path === screen || path.startsWith(`${screen}/`));
}
