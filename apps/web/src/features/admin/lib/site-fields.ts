// Every Settings field of SPEC section 3 the console edits (adminSiteInputSchema), and how the form shows it.
// Labels are translated (admin:sites.fields.<key>), with the setting's own key beside them; sections are translated.
import { LOGGED_OUT_SEARCH_MODES, SIGNUP_MODES, type AdminSiteInput } from '@app/contracts';

export type SiteFieldKind =
  'text' | 'textarea' | 'number' | 'nullableNumber' | 'select' | 'checkbox' | 'list' | 'json' | 'nullableText';
export type SiteField = { key: keyof AdminSiteInput; kind: SiteFieldKind; options?: readonly string[] };
export type SiteSection = {
  id: 'identity' | 'texts' | 'members' | 'credits' | 'payments' | 'company';
  fields: SiteField[];
};

export const SITE_SECTIONS: SiteSection[] = [
  {
    id: 'identity',
    fields: [
      { key: 'name', kind: 'text' },
      { key: 'domain', kind: 'text' },
      { key: 'domain_language', kind: 'text' },
      { key: 'languages', kind: 'list' },
      { key: 'cdn_prefix', kind: 'text' },
      { key: 'niche', kind: 'number' },
      { key: 'countries', kind: 'list' },
      { key: 'mail_name', kind: 'text' },
      { key: 'support_phone', kind: 'text' },
      { key: 'support_email', kind: 'text' },
      { key: 'push_public_key', kind: 'text' },
      { key: 'us_footer', kind: 'checkbox' },
      { key: 'terms_version', kind: 'text' },
    ],
  },
  {
    id: 'texts',
    fields: [
      { key: 'index_title', kind: 'text' },
      { key: 'description', kind: 'textarea' },
      { key: 'fictional_icon', kind: 'text' },
      { key: 'fictional_warning', kind: 'textarea' },
      { key: 'fictional_singular', kind: 'text' },
      { key: 'fictional_plural', kind: 'text' },
    ],
  },
  {
    id: 'members',
    fields: [
      { key: 'signups', kind: 'select', options: SIGNUP_MODES },
      { key: 'logged_out_search', kind: 'select', options: LOGGED_OUT_SEARCH_MODES },
      { key: 'logged_out_search_trafficsource', kind: 'select', options: LOGGED_OUT_SEARCH_MODES },
      { key: 'min_age', kind: 'number' },
      { key: 'enable_site_entry_popup', kind: 'select', options: ['yes', 'no'] },
      { key: 'site_entry_popup_countries', kind: 'list' },
      { key: 'visible_profile_fields', kind: 'list' },
      { key: 'visible_profile_notes', kind: 'json' },
      { key: 'region_data', kind: 'json' },
      { key: 'search_fields', kind: 'list' },
      { key: 'interests', kind: 'list' },
      { key: 'partner_url', kind: 'nullableText' },
      { key: 'member_resell', kind: 'checkbox' },
      { key: 'delete_discount', kind: 'number' },
    ],
  },
  {
    id: 'credits',
    fields: [
      { key: 'currency', kind: 'text' },
      { key: 'message_credits', kind: 'number' },
      { key: 'signup_credits', kind: 'number' },
      { key: 'photo_credits', kind: 'number' },
      { key: 'gift_credits', kind: 'number' },
      { key: 'message_length', kind: 'number' },
      { key: 'minimum_message_costs', kind: 'json' },
    ],
  },
  {
    id: 'payments',
    fields: [
      { key: 'payment_methods', kind: 'list' },
      { key: 'transaction_costs', kind: 'json' },
      { key: 'refund_days', kind: 'number' },
    ],
  },
  {
    id: 'company',
    fields: [
      { key: 'company_id', kind: 'nullableNumber' },
      { key: 'company', kind: 'json' },
    ],
  },
];

export type SiteDraft = Record<string, string | boolean>;

/** The form's strings from stored settings. */
export function toDraft(settings: Record<string, unknown>): SiteDraft {
  const draft: SiteDraft = {};
  for (const field of SITE_SECTIONS.flatMap((section) => section.fields)) {
    const value = settings[field.key];
    if (field.kind === 'checkbox') draft[field.key] = value === true;
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
    if (field.kind === 'checkbox') input[field.key] = value === true;
    else if (typeof value !== 'string') continue;
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
