import { describe, expect, it } from 'vitest';
import { INSULTS, messageConcerns } from './message-concerns.ts';
import { LOCALES } from '@app/i18n';

describe('messageConcerns', () => {
  it('finds links, e-mail addresses, phone numbers and IBANs the way people type them', () => {
    expect(messageConcerns('Look at https://example.org/x')).toEqual(['link']);
    expect(messageConcerns('visit www.my-site.nl today')).toEqual(['link']);
    expect(messageConcerns('add me: sofie.insta.com')).toEqual(['link']);
    expect(messageConcerns('mail me at sofie_28@example.com')).toEqual(['email']);
    expect(messageConcerns('call +31 6 12 34 56 78')).toEqual(['phone']);
    expect(messageConcerns('app me 06-12345678')).toEqual(['phone']);
    expect(messageConcerns('(030) 123 4567 after six')).toEqual(['phone']);
    expect(messageConcerns('pay to NL91 ABNA 0417 1643 00 please')).toEqual(['iban']);
    expect(messageConcerns('DE89370400440532013000')).toEqual(['iban']);
    expect(messageConcerns('NL91 ABNA 0417 1643 00 or call 0612345678')).toEqual(['phone', 'iban']);
    expect(messageConcerns('idiot, call me on 0612345678 or see www.x.com')).toEqual(['link', 'phone', 'insult']);
  });

  it('finds insults as whole words in every language, whatever the case', () => {
    expect(messageConcerns('You are an IDIOT')).toEqual(['insult']);
    expect(messageConcerns('du bist hässlich')).toEqual(['insult']);
    expect(messageConcerns('wat een  Klootzak!')).toEqual(['insult']);
    expect(messageConcerns('haista   vittu')).toEqual(['insult']);
    // Inside another word it is no insult ("idiotic" is, "Idioten" is not the listed word).
    expect(messageConcerns('Scunthorpe is a town')).toEqual([]);
  });

  it('leaves ordinary first messages alone', () => {
    for (const text of [
      'Hi! How are you?',
      "I'm 28, born in 1996, and I love hiking 3 times a week.",
      'Hoi, zin om zaterdag 14:30 koffie te drinken?',
      'Meine Lieblingszahl ist 42. Und deine?',
      'Ça va ? On se voit à 20h ?',
      'I like e.g. cooking, hiking etc.',
    ])
      expect(messageConcerns(text), text).toEqual([]);
  });

  it('has a word list for every interface language', () => {
    for (const locale of LOCALES) expect(INSULTS[locale]?.length ?? 0, locale).toBeGreaterThanOrEqual(10);
  });
});

describe('payment requests', () => {
  it('finds requests for money, payment apps and crypto in several languages', () => {
    expect(messageConcerns('Can you send me money via Western Union?')).toEqual(['payment']);
    expect(messageConcerns('Ich brauche eine Überweisung')).toEqual(['payment']);
    expect(messageConcerns('pay me in BITCOIN please')).toEqual(['payment']);
    expect(messageConcerns('kun je geld overmaken')).toEqual(['payment']);
    // Whole words only.
    expect(messageConcerns('I love my cryptography class')).toEqual([]);
  });
});
