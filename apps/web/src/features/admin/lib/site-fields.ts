// Every Settings field of SPEC section 3 the console edits, and how the form shows it: both from the settings table
// (contracts' site-settings.ts), in its order. Labels are translated (admin:sites.fields.<key>), with the setting's own
// key beside them; sections are translated. The member-facing texts have one field per locale (`<key>.<locale>`).
import { LOCALES, type Locale } from '@app/i18n';
import {
  SITE_SETTING_SECTIONS,
  SITE_SETTINGS,
  type SiteSettingKey,
  type SiteSettingKind,
  type SiteSettingSection,
} from '@app/contracts';

export type SiteFieldKind = SiteSettingKind;
export type SiteField = {
  key: SiteSettingKey;
  kind: SiteFieldKind;
  options?: readonly string[];
  /** Written per locale: the draft holds one value per locale under `<key>.<locale>` (localizedDraftKey). */
  isLocalized?: true;
};
export type SiteSection = { id: SiteSettingSection; fields: SiteField[] };

export const SITE_SECTIONS: SiteSection[] = SITE_SETTING_SECTIONS.map((id) => ({
  id,
  fields: (Object.keys(SITE_SETTINGS) as SiteSettingKey[])
    .filter((key) => SITE_SETTINGS[key].section === id)
    .map((key): SiteField => {
      const { kind, options, isLocalized } = SITE_SETTINGS[key] as {
        kind: SiteFieldKind;
        options?: readonly string[];
        isLocalized?: true;
      };
      return { key, kind, ...(options ? { options } : {}), ...(isLocalized ? { isLocalized } : {}) };
    }),
}));

/** The draft's key of a translated text in one locale; the API's errors name the same path (`fictional_warning.de`). */
export const localizedDraftKey = (key: string, locale: Locale) => `${key}.${locale}`;

/** The form's values as text, like every form's (`useFormValues`): a switch is 'true' when on, '' when off. */
export type SiteDraft = Record<string, string>;

/** The form's strings from stored settings. */
export function toDraft(settings: Record<string, unknown>): SiteDraft {
  const draft: SiteDraft = {};
  for (const field of SITE_SECTIONS.flatMap((section) => section.fields)) {
    const value = settings[field.key];
    if (field.isLocalized) {
      const texts = value && typeof value === 'object' ? (value as Partial<Record<Locale, string>>) : {};
      for (const locale of LOCALES) draft[localizedDraftKey(field.key, locale)] = texts[locale] ?? '';
    } else if (field.kind === 'checkbox') draft[field.key] = value === true ? 'true' : '';
    else if (field.kind === 'list') draft[field.key] = Array.isArray(value) ? value.join(', ') : '';
    else if (field.kind === 'json') draft[field.key] = JSON.stringify(value ?? {}, null, 2);
    else draft[field.key] = value === null || value === undefined ? '' : String(value);
  }
  return draft;
}

/** The draft as the API's input (before the shared schema checks it); a JSON field that does not parse stays a string, so the schema refuses it. */
export function fromDraft(draft: SiteDraft): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of SITE_SECTIONS.flatMap((section) => section.fields)) {
    const value = draft[field.key];
    // Every locale, an empty one too: the schema drops it (that language falls back).
    if (field.isLocalized)
      input[field.key] = Object.fromEntries(
        LOCALES.map((locale) => [locale, draft[localizedDraftKey(field.key, locale)] ?? '']),
      );
    else if (field.kind === 'checkbox') input[field.key] = value === 'true';
    else if (value === undefined) continue;
    else if (field.kind === 'list')
      input[field.key] = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    else if (field.kind === 'number') input[field.key] = value.trim() === '' ? Number.NaN : Number(value);
    else if (field.kind === 'nullableNumber') input[field.key] = value.trim() === '' ? null : Number(value);
    else if (field.kind === 'nullableText') input[field.key] = value.trim() === '' ? null : value.trim();
    else if (field.kind === 'json') {
      try {
        input[field.key] = JSON.parse(value) as unknown;
      } catch {
        input[field.key] = value;
      }
    } else if (field.key === 'terms_version' && value.trim() === '') continue;
    else input[field.key] = value;
  }
  return input;
}
