/** Facts about the business shown on every page: the published settings (app/features/site-texts/store.server.ts;
 * the environment's values at the first start), through the root loader: see useSite(). */
export type SiteConfig = {
  name: string;
  phone: string;
  email: string;
  instagramUrl: string;
  instagramDmUrl: string;
  facebookUrl: string | null;
  linkedinUrl: string | null;
  serviceArea: string;
  /** Empty when not given. */
  address: string;
  hours: string;
  publicUrl: string;
};

/** Who answers for personal information (Loi 25): shown on the privacy policy only, which loads it. */
export type PrivacyOfficer = { name: string; title: string; email: string; phone: string };

/** tel: link for a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The settings before anyone edits them: server/config.ts passes the environment's values. */
export type SettingsDefaults = {
  name: string;
  phone: string;
  email: string;
  instagramUrl: string;
  instagramDmUrl: string;
  facebookUrl: string | null;
  linkedinUrl: string | null;
  serviceArea: string;
  privacyOfficer: { name: string; title: string; email: string; phone: string };
};
