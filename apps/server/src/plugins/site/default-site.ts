// The site an empty database starts with; it answers for every host no other site claims (localhost in development).
import { DEFAULT_FICTIONAL_ICON, INTEREST_KEYS, PAYMENT_METHODS, PROFILE_FIELDS, SEARCH_FIELDS } from '@app/contracts';
import { LOCALES, defaultSiteTexts } from '@app/i18n';
import type { NewSiteRow, RegionData } from '../../db/schema/index.ts';
import { siteTextValues } from './site-texts.ts';

/** The countries SPEC section 1 maps to languages. */
export const SPEC_COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'CH',
  'FR',
  'IT',
  'ES',
  'PL',
  'DK',
  'FI',
  'NO',
  'SE',
  'GB',
  'IE',
  'US',
  'CA',
  'AU',
  'NZ',
];

const REGION_KINDS: RegionData = {
  NL: { kind: 'province' },
  BE: { kind: 'province' },
  DE: { kind: 'state' },
  AT: { kind: 'state' },
  CH: { kind: 'canton' },
  FR: { kind: 'region' },
  IT: { kind: 'region' },
  ES: { kind: 'province' },
  PL: { kind: 'voivodeship' },
  DK: { kind: 'region' },
  FI: { kind: 'region' },
  NO: { kind: 'county' },
  SE: { kind: 'county' },
  GB: { kind: 'county' },
  IE: { kind: 'county' },
  US: { kind: 'state' },
  CA: { kind: 'province' },
  AU: { kind: 'state' },
  NZ: { kind: 'region' },
};

const CURRENCIES: Record<string, [string, number]> = {
  GB: ['GBP', 0.45],
  US: ['USD', 0.5],
  CA: ['CAD', 0.7],
  AU: ['AUD', 0.8],
  NZ: ['NZD', 0.85],
  CH: ['CHF', 0.5],
  PL: ['PLN', 2.2],
  DK: ['DKK', 3.7],
  NO: ['NOK', 5.5],
  SE: ['SEK', 5.5],
};

export function defaultSiteValues(): NewSiteRow {
  return {
    domain: 'localhost',
    isDefault: true,
    name: 'Amoria',
    domainLanguage: 'en',
    languages: [...LOCALES],
    cdnPrefix: '',
    // The brand's coral and orange (docs/design-system.md).
    themePrimary: '',
    themeSecondary: '',
    niche: 1,
    // The title, description and fictional-profile texts in every locale (packages/i18n site-texts.ts).
    ...siteTextValues(defaultSiteTexts('Amoria'), 'en'),
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
    explicitPhotos: 'review',
    riskThreshold: 60,
    riskWeights: {},
    siteEntryPopupCountries: [],
    usFooter: true,
    // An icon name of the web app's set, unlike every interest icon (docs/icons.md).
    fictionalIcon: DEFAULT_FICTIONAL_ICON,
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
    // Every method of SPEC 3; docs/payments.md says which are offered where and by which provider.
    paymentMethods: [...PAYMENT_METHODS],
    transactionCosts: { paypal: 35, paysafecard: 95, sct: 0 },
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

/** The default site's credit bundles: per currency of the spec's countries, smallest first (docs/payments.md). */
export const DEFAULT_BUNDLES: { currency: string; credits: number; priceMinor: number; isPopular?: boolean }[] = [
  ...[
    ['EUR', [995, 1795, 3995, 6995]],
    ['GBP', [895, 1595, 3495, 5995]],
    ['USD', [1095, 1995, 4495, 7795]],
    ['CHF', [995, 1795, 3995, 6995]],
    ['PLN', [4295, 7795, 16995, 29995]],
    ['DKK', [7495, 13495, 29995, 51995]],
    ['SEK', [11495, 20495, 45495, 79495]],
    ['NOK', [11495, 20495, 45495, 79495]],
    ['CAD', [1495, 2695, 5995, 10495]],
    ['AUD', [1595, 2895, 6495, 11495]],
    ['NZD', [1695, 2995, 6795, 11995]],
  ].flatMap(([currency, prices]) =>
    (prices as number[]).map((priceMinor, index) => ({
      currency: currency as string,
      credits: [50, 100, 250, 500][index]!,
      priceMinor,
      isPopular: index === 2,
    })),
  ),
];
