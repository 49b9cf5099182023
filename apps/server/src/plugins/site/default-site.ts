// The site an empty database starts with; it answers for every host no other site claims (localhost in development).
import { INTEREST_KEYS, PROFILE_FIELDS, SEARCH_FIELDS } from '@app/contracts';
import { LOCALES } from '@app/i18n';
import type { NewSiteRow, RegionData } from '../../db/schema/index.ts';

/** The countries SPEC section 1 maps to languages. */
export const SPEC_COUNTRIES = ['NL', 'BE', 'DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'PL', 'DK', 'FI', 'NO', 'SE', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ'];

const REGION_KINDS: RegionData = {
  NL: { kind: 'province' }, BE: { kind: 'province' }, DE: { kind: 'state' }, AT: { kind: 'state' }, CH: { kind: 'canton' },
  FR: { kind: 'region' }, IT: { kind: 'region' }, ES: { kind: 'province' }, PL: { kind: 'voivodeship' }, DK: { kind: 'region' },
  FI: { kind: 'region' }, NO: { kind: 'county' }, SE: { kind: 'county' }, GB: { kind: 'county' }, IE: { kind: 'county' },
  US: { kind: 'state' }, CA: { kind: 'province' }, AU: { kind: 'state' }, NZ: { kind: 'region' },
};

const CURRENCIES: Record<string, [string, number]> = {
  GB: ['GBP', 0.45], US: ['USD', 0.5], CA: ['CAD', 0.7], AU: ['AUD', 0.8], NZ: ['NZD', 0.85], CH: ['CHF', 0.5],
  PL: ['PLN', 2.2], DK: ['DKK', 3.7], NO: ['NOK', 5.5], SE: ['SEK', 5.5],
};

export function defaultSiteValues(): NewSiteRow {
  return {
    domain: 'localhost',
    isDefault: true,
    name: 'Amoria',
    domainLanguage: 'en',
    languages: [...LOCALES],
    cdnPrefix: '',
    niche: 1,
    indexTitle: 'Amoria – meet singles near you',
    description: 'Meet, like and chat with singles near you.',
    signups: 'all',
    loggedOutSearch: 'all',
    loggedOutSearchTrafficsource: 'all',
    minimumMessageCosts: Object.fromEntries(
      SPEC_COUNTRIES.map((country) => {
        const [currency, costs] = CURRENCIES[country] ?? ['EUR', 0.5];
        return [country, { costs, currency }];
      }),
    ),
    currency: 'EUR',
    minAge: 18,
    supportPhone: '+31 20-123 45 67',
    supportEmail: 'support@amoria.example',
    pushPublicKey: '',
    enableSiteEntryPopup: 'yes',
    siteEntryPopupCountries: [],
    usFooter: true,
    fictionalIcon: '🎭',
    fictionalWarning: 'Some profiles on this site are fictional and are operated by our staff for entertainment.',
    fictionalSingular: 'fictional profile',
    fictionalPlural: 'fictional profiles',
    countries: SPEC_COUNTRIES,
    visibleProfileFields: [...PROFILE_FIELDS],
    visibleProfileNotes: {},
    regionData: REGION_KINDS,
    messageCredits: 10,
    signupCredits: 20,
    photoCredits: 15,
    giftCredits: 25,
    messageLength: 1000,
    searchFields: [...SEARCH_FIELDS],
    interests: [...INTEREST_KEYS],
    paymentMethods: ['ideal', 'visa', 'mastercard', 'paypal', 'bancontact', 'sofort', 'applepay'],
    refundDays: 14,
    memberResell: false,
    companyId: 1,
    mailName: 'Amoria',
    deleteDiscount: 50,
    companyName: 'Amoria Media B.V.',
    companyAddress: 'Keizersgracht 100',
    companyKvk: '12345678',
    companyCity: 'Amsterdam',
    companyCountry: 'NL',
    companyTradenames: ['Amoria'],
    companyVatNumbers: ['NL123456789B01'],
    companyAdded: null,
  };
}
