const priceFormat = new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" });
const numberFormat = new Intl.NumberFormat("fr-CA");

/** '2,50 $' (fr-CA, two decimals). Non-breaking spaces are normalised to plain ones for stable text. */
export function formatPrice(value: number): string {
  return priceFormat.format(value).replace(/\u00a0|\u202f/g, " ");
}

export function formatNumber(value: number): string {
  return numberFormat.format(value).replace(/\u00a0|\u202f/g, " ");
}
