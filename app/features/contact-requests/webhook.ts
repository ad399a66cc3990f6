// The webhook's contract, fixed by the specification: the body the previous site sent, exactly nine
// fields in this order. It is a mapping from the request (./model.ts), so the request may hold more.
import type { ContactRequest } from "./model";

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

export function webhookBody(request: Pick<ContactRequest, keyof ContactWebhookBody>): ContactWebhookBody {
  return {
    nom_complet: request.nom_complet,
    courriel: request.courriel,
    description_demande: request.description_demande,
    type_emplacement: request.type_emplacement,
    emplacement: request.emplacement,
    date_installation: request.date_installation,
    prefere_telephone: request.prefere_telephone,
    numero_telephone: request.numero_telephone,
    timestamp: request.timestamp,
  };
}
