// Every Settings field the console's site form shows has a translated label (the locale test then holds all 11
// languages to the English keys).
import { describe, expect, it } from 'vitest';
import en from '../../../../../../packages/i18n/locales/en/admin.json';
import { SITE_SECTIONS } from './site-fields.ts';

describe('site form fields', () => {
  it('each has a label in admin:sites.fields, and no label is left without its field', () => {
    const keys = SITE_SECTIONS.flatMap((section) => section.fields.map((field) => field.key));
    expect(Object.keys(en.sites.fields).sort()).toEqual([...keys].sort());
  });
});
