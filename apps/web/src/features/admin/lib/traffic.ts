// Paid traffic in the console (docs/traffic.md): the report's derived figures as the screen shows them, and the text
// values of the network and experiment forms (as `useFormValues` keeps them, named by the contract's paths so its
// errors land at the fields) to and from the API's shapes. Amounts are typed in major units and read by the
// contracts' `fromMajorUnits`; nothing here uses floating point on money.
import {
  fromMajorUnits,
  toDecimalAmount,
  POSTBACK_TEMPLATE_KINDS,
  type AdminNetwork,
  type LanderVariant,
  type Money,
  type TrafficReportRow,
} from '@app/contracts';

/** What a cell or figure without a value shows. */
export const NO_VALUE = '–';

/** Buyers per signup (0 to 1); null without signups. */
export function conversionOf(row: Pick<TrafficReportRow, 'signups' | 'buyers'>): number | null {
  return row.signups > 0 ? row.buyers / row.signups : null;
}

/** Revenue per signup in each currency, rounded down to the minor unit (as the report's CSV has it). */
export function revenuePerSignup(row: Pick<TrafficReportRow, 'signups' | 'revenue'>): Money[] {
  if (row.signups === 0) return [];
  return row.revenue.map((entry) => ({ amount: Math.floor(entry.amount / row.signups), currency: entry.currency }));
}

/** Each weight's share of the total (0 to 1); all zero when nothing has weight. */
export function sharesOf(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + (Number.isFinite(weight) && weight > 0 ? weight : 0), 0);
  return weights.map((weight) => (total > 0 && Number.isFinite(weight) && weight > 0 ? weight / total : 0));
}

export const FIXED_PAYOUTS = ['signup', 'activation'] as const;
export const SHARE_PAYOUTS = ['first_purchase', 'purchase'] as const;

/** The network form's values, keyed by the contract's paths (`payouts.signup.amount_minor`, `postbacks.signup`). */
export type NetworkDraft = Record<string, string>;
/** Not a field of the API: "remove the stored signing secret" ('yes') on an edit. */
export const REMOVE_SECRET = 'remove_signing_secret';

export function networkDraft(network: AdminNetwork | null, currency = 'EUR'): NetworkDraft {
  const draft: NetworkDraft = {
    key: network?.key ?? '',
    name: network?.name ?? '',
    click_id_param: network?.click_id_param ?? 'click_id',
    ref_param: network?.ref_param ?? 'ref',
    signature_header: network?.signature_header ?? '',
    signing_secret: '',
    [REMOVE_SECRET]: '',
  };
  for (const kind of FIXED_PAYOUTS) {
    const payout = network?.payouts[kind];
    draft[`payouts.${kind}.amount_minor`] = payout ? toDecimalAmount(payout.amount_minor, payout.currency) : '';
    draft[`payouts.${kind}.currency`] = payout?.currency ?? currency;
  }
  for (const kind of SHARE_PAYOUTS) {
    const payout = network?.payouts[kind];
    draft[`payouts.${kind}.percent`] = payout ? String(payout.percent) : '';
  }
  for (const kind of POSTBACK_TEMPLATE_KINDS) draft[`postbacks.${kind}`] = network?.postbacks[kind] ?? '';
  return draft;
}

const text = (draft: NetworkDraft, key: string) => (draft[key] ?? '').trim();

/** A number typed with a point or a comma; NaN (refused by the schema at the field) when it is not one. */
function typedNumber(value: string): number {
  return /^\d+(?:[.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : Number.NaN;
}

/** The API's input from the form (before the contract's schema checks it); amounts in minor units. */
export function networkInput(draft: NetworkDraft): Record<string, unknown> {
  const payouts: Record<string, unknown> = {};
  for (const kind of FIXED_PAYOUTS) {
    const amount = text(draft, `payouts.${kind}.amount_minor`);
    const currency = text(draft, `payouts.${kind}.currency`).toUpperCase();
    payouts[kind] = amount ? { amount_minor: fromMajorUnits(amount, currency) ?? Number.NaN, currency } : null;
  }
  for (const kind of SHARE_PAYOUTS) {
    const percent = text(draft, `payouts.${kind}.percent`);
    payouts[kind] = percent ? { percent: typedNumber(percent) } : null;
  }
  const postbacks = Object.fromEntries(
    POSTBACK_TEMPLATE_KINDS.map((kind) => [kind, text(draft, `postbacks.${kind}`) || null]),
  );
  const secret = draft.signing_secret ?? '';
  return {
    key: text(draft, 'key'),
    name: text(draft, 'name'),
    click_id_param: text(draft, 'click_id_param') || undefined,
    ref_param: text(draft, 'ref_param') || undefined,
    payouts,
    postbacks,
    signature_header: text(draft, 'signature_header') || null,
    // Left empty on an edit, the stored secret stays; "remove" sends null.
    ...(secret ? { signing_secret: secret } : draft[REMOVE_SECRET] === 'yes' ? { signing_secret: null } : {}),
  };
}

/** The experiment form's values: `count` rows of `variants.<i>.key`, `.design` and `.weight`. */
export type ExperimentDraft = Record<string, string>;
export type VariantRow = { key: string; design: string; weight: string };

export function experimentDraft(rows: readonly VariantRow[]): ExperimentDraft {
  const draft: ExperimentDraft = { count: String(rows.length) };
  rows.forEach((row, index) => {
    draft[`variants.${index}.key`] = row.key;
    draft[`variants.${index}.design`] = row.design;
    draft[`variants.${index}.weight`] = row.weight;
  });
  return draft;
}

export function variantRows(draft: ExperimentDraft): VariantRow[] {
  return Array.from({ length: Number(draft.count ?? 0) }, (_, index) => ({
    key: draft[`variants.${index}.key`] ?? '',
    design: draft[`variants.${index}.design`] ?? '',
    weight: draft[`variants.${index}.weight`] ?? '',
  }));
}

export const rowsOfVariants = (variants: readonly LanderVariant[]): VariantRow[] =>
  variants.map((variant) => ({ key: variant.key, design: variant.design, weight: String(variant.weight) }));

/** A typed weight: a whole number, else NaN (refused at the field). */
export const typedWeight = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

export function experimentInput(siteId: number, draft: ExperimentDraft) {
  return {
    site_id: siteId,
    variants: variantRows(draft).map((row) => ({
      key: row.key.trim(),
      design: row.design,
      weight: typedWeight(row.weight),
    })),
  };
}
