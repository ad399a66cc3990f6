// "de" and "que" before a name, elided before a vowel as French writes it: "Nouvelle demande d'Élise",
// "de Marc". A name starting with h keeps the whole word: whether its h is silent ("d'Hélène") or
// aspirated ("de Hugues") cannot be told from the letters.

const VOWEL = /^[aeiouyàâäéèêëîïôöùûüÿœæ]/i;

/** 'de Marc', "d'Élise"; 'que Marc', "qu'Élise". */
export function elide(word: "de" | "que", name: string): string {
  const next = name.trimStart();
  return VOWEL.test(next) ? `${word.slice(0, -1)}'${next}` : `${word} ${next}`;
}
