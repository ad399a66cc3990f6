/** Facts about the business shown on pages. Values come from server/config.ts (environment, with demo
 * defaults) and reach components through the root loader: see useSite(). */
export type SiteConfig = {
  name: string;
  phone: string;
  email: string;
  instagramUrl: string;
  instagramDmUrl: string;
  facebookUrl: string | null;
  linkedinUrl: string | null;
  serviceArea: string;
  privacyOfficer: { name: string; title: string; email: string; phone: string };
  publicUrl: string;
};

/** tel: link for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
