// Every Settings field the console's site form shows has a translated label (the locale test then holds all 11
// languages to the English keys).
import { describe, expect, it } from 'vitest';
import en from '../../../../../../packages/i18n/locales/en/admin.json';
import { SITE_SECTIONS, fromDraft, toDraft } from './site-fields.ts';

describe('site form fields', () => {
  it('each has a label in admin:sites.fields, and no label is left without its field', () => {
    const keys = SITE_SECTIONS.flatMap((section) => section.fields.map((field) => field.key));
    expect(Object.keys(en.sites.fields).sort()).toEqual([...keys].sort());
  });

  it('keeps a translated text as one draft value per locale and sends it back as an object of every locale', () => {
    const draft = toDraft({ fictional_warning: { en: 'Fictional.', de: 'Fiktiv.' }, index_title: 'old string' });
    expect(draft['fictional_warning.en']).toBe('Fictional.');
    expect(draft['fictional_warning.de']).toBe('Fiktiv.');
    expect(draft['fictional_warning.nl']).toBe('');
    expect(draft['index_title.en']).toBe('');
    expect(draft.fictional_warning).toBeUndefined();
    const input = fromDraft({ ...draft, 'fictional_warning.nl': 'Fictief.' }) as Record<string, Record<string, string>>;
    expect(Object.keys(input.fictional_warning!)).toHaveLength(11);
    expect(input.fictional_warning).toMatchObject({ en: 'Fictional.', de: 'Fiktiv.', nl: 'Fictief.', fr: '' });
  });
});
