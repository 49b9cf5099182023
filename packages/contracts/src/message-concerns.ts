// "Are you sure?" before a first message (docs/chat.md, "Are you sure?"): what in a text a sender may regret or a
// scammer relies on. Checked in the browser before the send is paid, and on the server after it (safety's risk
// signals, docs/safety.md): the server sends what it is given, and counts it against the sender.
import { isValidIBAN } from 'ibantools';

export const MESSAGE_CONCERNS = ['link', 'email', 'phone', 'iban', 'payment', 'insult'] as const;
export type MessageConcern = (typeof MESSAGE_CONCERNS)[number];

/**
 * Insults per interface language, whole words, lower case. Every list is checked whatever the interface language (a
 * member may write in another). Short on purpose: the common words that hurt, not every rude word; a false alarm costs
 * the sender one more tap, a missed one nothing more than today.
 */
export const INSULTS: Record<string, readonly string[]> = {
  en: [
    'idiot',
    'moron',
    'stupid',
    'loser',
    'bitch',
    'slut',
    'whore',
    'cunt',
    'asshole',
    'bastard',
    'retard',
    'fuck you',
    'ugly',
  ],
  nl: [
    'idioot',
    'sukkel',
    'debiel',
    'kanker',
    'hoer',
    'slet',
    'klootzak',
    'trut',
    'lelijkerd',
    'mongool',
    'tyfus',
    'kutwijf',
  ],
  de: [
    'idiot',
    'dummkopf',
    'arschloch',
    'hure',
    'schlampe',
    'fotze',
    'wichser',
    'missgeburt',
    'hässlich',
    'spast',
    'fick dich',
  ],
  fr: [
    'idiot',
    'connard',
    'connasse',
    'salope',
    'pute',
    'pétasse',
    'abruti',
    'débile',
    'enculé',
    'moche',
    'ta gueule',
    'nique ta mère',
  ],
  es: [
    'idiota',
    'imbécil',
    'estúpido',
    'estúpida',
    'puta',
    'zorra',
    'gilipollas',
    'cabrón',
    'pendejo',
    'feo',
    'fea',
    'subnormal',
  ],
  it: [
    'idiota',
    'stronzo',
    'stronza',
    'puttana',
    'troia',
    'coglione',
    'cretino',
    'deficiente',
    'brutta',
    'vaffanculo',
    'bastardo',
  ],
  pl: [
    'idiota',
    'debil',
    'kretyn',
    'dziwka',
    'kurwa',
    'suka',
    'szmata',
    'frajer',
    'brzydal',
    'pierdol się',
    'chuj',
    'cwel',
  ],
  da: [
    'idiot',
    'fjols',
    'kælling',
    'luder',
    'møgkælling',
    'røvhul',
    'klamt',
    'grim',
    'spasser',
    'fuck dig',
    'taber',
    'skøge',
  ],
  fi: [
    'idiootti',
    'tyhmä',
    'ämmä',
    'huora',
    'lutka',
    'mulkku',
    'ruma',
    'vammainen',
    'haista vittu',
    'luuseri',
    'kusipää',
  ],
  nb: [
    'idiot',
    'tosk',
    'hore',
    'kjerring',
    'fitte',
    'drittsekk',
    'rasshøl',
    'stygg',
    'mongo',
    'faen ta deg',
    'taper',
    'hurpe',
  ],
  sv: [
    'idiot',
    'dum i huvudet',
    'hora',
    'slyna',
    'fitta',
    'subba',
    'rövhål',
    'ful',
    'mongo',
    'dra åt helvete',
    'förlorare',
    'jävla idiot',
  ],
};

/**
 * Requests for money, payment apps and crypto, in the interface languages and the brand names scammers use. Whole
 * words or phrases, lower case; every list is checked whatever the interface language.
 */
export const PAYMENT_WORDS: readonly string[] = [
  'bitcoin',
  'btc',
  'crypto',
  'usdt',
  'ethereum',
  'western union',
  'moneygram',
  'gift card',
  'giftcard',
  'itunes card',
  'steam card',
  'paypal',
  'cash app',
  'venmo',
  'revolut',
  'wire transfer',
  'bank transfer',
  'send money',
  'send me money',
  'geld sturen',
  'geld overmaken',
  'geld schicken',
  'überweisung',
  'überweisen',
  'envoyer de l’argent',
  "envoyer de l'argent",
  'virement',
  'enviar dinero',
  'transferencia',
  'inviare soldi',
  'bonifico',
  'przelew',
  'wyślij pieniądze',
  'overførsel',
  'send penge',
  'tilisiirto',
  'lähetä rahaa',
  'overføring',
  'send penger',
  'överföring',
  'skicka pengar',
  'swish',
];

/** Words of any list, as one pattern: a whole word or phrase, letters on neither side. */
function wordsPattern(words: readonly string[]): RegExp {
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...new Set(words)]
      .sort((a, b) => b.length - a.length)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
      .join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
}
const INSULT_PATTERN = wordsPattern(Object.values(INSULTS).flat());
const PAYMENT_PATTERN = wordsPattern(PAYMENT_WORDS);

const LINK =
  /\b(?:https?:\/\/|www\.)\S|\b[\p{L}\p{N}-]{2,}\.(?:com|net|org|info|biz|io|me|ly|app|link|eu|nl|be|de|at|ch|fr|it|es|pl|dk|fi|no|se|uk|co|us|ru|tk|xyz|site|online)\b/iu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u;
/** Digits with the separators people type (+31 6 12 34 56 78, 06-12345678, (030) 123 4567). */
const PHONE_CANDIDATE = /(?:\+|\b00|\b)\d[\d\s()./-]{5,}\d/g;
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]){11,30}\b/gi;

function hasPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const digits = match[0].replace(/\D/g, '').length;
    if (digits >= 8 && digits <= 15) return true;
  }
  return false;
}

/** The text without its valid IBANs (whose digits are no phone number), and whether it had one. */
function withoutIbans(text: string): { rest: string; hasIban: boolean } {
  let hasIban = false;
  const rest = text.replace(IBAN_CANDIDATE, (candidate) => {
    // The pattern also takes the words after a spaced IBAN ("NL91 ABNA 0417 1643 00 please"): the longest run of its
    // groups that is a valid IBAN counts.
    const groups = candidate.split(/\s+/);
    for (let count = groups.length; count > 0; count -= 1) {
      if (isValidIBAN(groups.slice(0, count).join('').toUpperCase())) {
        hasIban = true;
        return ` ${groups.slice(count).join(' ')}`;
      }
    }
    return candidate;
  });
  return { rest, hasIban };
}

/** What in `text` asks for a second thought, in MESSAGE_CONCERNS order; empty when nothing does. */
export function messageConcerns(text: string): MessageConcern[] {
  const found = new Set<MessageConcern>();
  if (EMAIL.test(text)) found.add('email');
  // An e-mail address's domain is not a link of its own, nor an IBAN's digits a phone number.
  const withoutEmails = text.replace(new RegExp(EMAIL.source, 'gu'), ' ');
  if (LINK.test(withoutEmails)) found.add('link');
  const { rest, hasIban } = withoutIbans(withoutEmails);
  if (hasIban) found.add('iban');
  if (hasPhoneNumber(rest)) found.add('phone');
  const normalised = text.normalize('NFC');
  if (PAYMENT_PATTERN.test(normalised)) found.add('payment');
  if (INSULT_PATTERN.test(normalised)) found.add('insult');
  return MESSAGE_CONCERNS.filter((concern) => found.has(concern));
}
