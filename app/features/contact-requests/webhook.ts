// What a stored contact request looks like when forwarded: written by the contact action, read by the
// webhook delivery and the staff inbox.

/** The JSON body forwarded to the webhook: the form's fields in the form's order, then when it was received. */
export type ContactWebhookBody = {
  nom_complet: string;
  courriel: string;
  description_demande: string;
  type_emplacement: string | null;
  emplacement: string | null;
  date_installation: string | null;
  prefere_telephone: boolean;
  numero_telephone: string | null;
  timestamp: string;
};
