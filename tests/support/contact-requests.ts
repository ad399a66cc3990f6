// A contact request as tests need one: every field filled; a test gives what it checks.
import type { RequestForEmail } from "../../app/features/contact-requests/emails/facts";
import type { ContactValues } from "../../app/features/contact-requests/fields";
import type { NewContactRequest } from "../../app/features/contact-requests/store.server";

/** What the contact action stores. */
export function newContactRequest(overrides: Partial<NewContactRequest> = {}): NewContactRequest {
  return {
    nom_complet: "Marie Tremblay",
    courriel: "marie@exemple.ca",
    description_demande: "Une distributrice pour la salle des employés.",
    type_emplacement: "office",
    emplacement: "quebec",
    date_installation: "1-14-days",
    prefere_telephone: false,
    numero_telephone: null,
    timestamp: new Date().toISOString(),
    ip_hash: null,
    ...overrides,
  };
}

/** A stored request, as the emails read it. */
export function requestForEmail(overrides: Partial<RequestForEmail> = {}): RequestForEmail {
  const { ip_hash: _ipHash, ...request } = newContactRequest();
  return { id: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f", ...request, machine: null, ...overrides };
}

/** What a person typed in the form. */
export function contactValues(overrides: Partial<ContactValues> = {}): ContactValues {
  return {
    nom_complet: "Julie Gagnon",
    courriel: "julie@exemple.ca",
    description_demande: "Une distributrice pour notre salle des employés.",
    type_emplacement: "",
    emplacement: "",
    date_installation: "",
    prefere_telephone: false,
    numero_telephone: "",
    ...overrides,
  };
}
