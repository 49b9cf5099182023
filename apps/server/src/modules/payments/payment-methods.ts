// The currency a member pays in, by country (docs/payments.md); which methods are offered is @app/contracts' payment-offer.ts.

/** The currency a country pays in; the site's currency when it has no bundles in it. */
const COUNTRY_CURRENCY: Record<string, string> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  PL: 'PLN',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
};
export function currencyOf(country: string): string {
  return COUNTRY_CURRENCY[country] ?? 'EUR';
}
