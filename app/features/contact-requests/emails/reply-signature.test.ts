import { describe, expect, it } from "vitest";
import { signedByStaff } from "./reply-signature";

const site = "Boréal Distributrices";

describe("signedByStaff", () => {
  it("sees the staff's own closing", () => {
    expect(signedByStaff("Bonjour Élise,\n\nNous passerons jeudi.\n\nCordialement,\nMarie", site)).toBe(true);
    expect(signedByStaff("Bonjour,\n\nC'est noté.\n\nL'équipe de Boréal Distributrices", site)).toBe(true);
    expect(signedByStaff("Voici la soumission.\n\nMarie Tremblay\nBoréal Distributrices", site)).toBe(true);
    expect(signedByStaff("Voici la soumission.\n\nMerci et bonne journée !", site)).toBe(true);
  });

  it("signs for them when they did not", () => {
    expect(signedByStaff("Bonjour Éloïse,\n\nNous passerons jeudi à 10 h pour voir l'emplacement.", site)).toBe(false);
    expect(signedByStaff("La voici.", site)).toBe(false);
    expect(signedByStaff("   ", site)).toBe(false);
    // A closing word inside a sentence is not a signature.
    expect(signedByStaff("Merci de confirmer la date par retour de courriel.", site)).toBe(false);
  });
});
