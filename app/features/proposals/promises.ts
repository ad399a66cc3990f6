// The service promises a proposal lists (its page and its PDF): the home page's, as published in
// 'Éditer les Pages', so a promise the staff change reads the same everywhere. Pure.
import { PAGE_FIELDS, type SiteTexts } from "~/features/site-texts/site-texts";

export type ServicePromise = { title: string; text: string };

/** The numbers of the home page's promises (promise1Title, promise1Text, …), in the form's order. */
const PROMISE_NUMBERS = PAGE_FIELDS.home.flatMap(({ key }) => /^promise(\d+)Title$/.exec(key)?.[1] ?? []);

/** The promises of the published home texts; one left blank is not shown. */
export function servicePromises(home: SiteTexts): ServicePromise[] {
  return PROMISE_NUMBERS.map((n) => ({
    title: (home[`promise${n}Title`] ?? "").trim(),
    text: (home[`promise${n}Text`] ?? "").trim(),
  })).filter((promise) => promise.title || promise.text);
}
