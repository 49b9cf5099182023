// The traffic screens' arithmetic and form values: conversion, revenue per signup, shares, and a
// network's form values to the API's input and back (amounts by the currency's decimals, never through floats).
import { describe, expect, it } from 'vitest';
import { adminExperimentInputSchema, adminNetworkInputSchema, type AdminNetwork } from '@app/contracts';
import {
  conversionOf,
  experimentDraft,
  experimentInput,
  networkDraft,
  networkInput,
  REMOVE_SECRET,
  revenuePerSignup,
  sharesOf,
  variantRows,
} from './traffic.ts';

const network: AdminNetwork = {
  id: 4,
  key: 'partner',
  name: 'Partner',
  click_id_param: 'cid',
  ref_param: 'aff',
  payouts: {
    signup: { amount_minor: 995, currency: 'EUR' },
    activation: { amount_minor: 1250, currency: 'KWD' },
    first_purchase: { percent: 30 },
    purchase: null,
  },
  postbacks: { purchase: 'https://partner.example/p?c={click_id}&a={amount}' },
  signature_header: 'X-Sig',
  has_signing_secret: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('traffic figures', () => {
  it('divides buyers by signups, and revenue by signups rounded down per currency', () => {
    expect(conversionOf({ signups: 4, buyers: 1 })).toBe(0.25);
    expect(conversionOf({ signups: 0, buyers: 0 })).toBeNull();
    const revenue = [
      { amount: 1000, currency: 'EUR' },
      { amount: 500, currency: 'JPY' },
    ];
    expect(revenuePerSignup({ signups: 3, revenue })).toEqual([
      { amount: 333, currency: 'EUR' },
      { amount: 166, currency: 'JPY' },
    ]);
    expect(revenuePerSignup({ signups: 0, revenue })).toEqual([]);
  });

  it('shares the weights out of their total, ignoring what is not a weight', () => {
    expect(sharesOf([50, 150])).toEqual([0.25, 0.75]);
    expect(sharesOf([0, 0])).toEqual([0, 0]);
    expect(sharesOf([Number.NaN, 10])).toEqual([0, 1]);
  });
});

describe('network form values', () => {
  it('round-trip a stored network, keeping the secret unless it is replaced or removed', () => {
    const draft = networkDraft(network);
    expect(draft['payouts.signup.amount_minor']).toBe('9.95');
    expect(draft['payouts.activation.amount_minor']).toBe('1.250');
    const input = adminNetworkInputSchema.parse(networkInput(draft));
    expect(input.payouts).toEqual(network.payouts);
    expect(input.postbacks).toEqual({
      signup: null,
      activation: null,
      first_purchase: null,
      purchase: network.postbacks.purchase,
      reversal: null,
    });
    expect('signing_secret' in input).toBe(false);
    expect(networkInput({ ...draft, [REMOVE_SECRET]: 'yes' }).signing_secret).toBeNull();
    expect(networkInput({ ...draft, signing_secret: 'x'.repeat(16) }).signing_secret).toBe('x'.repeat(16));
  });

  it('read amounts by the currency’s decimals and percentages with a point or a comma', () => {
    const draft = {
      ...networkDraft(null),
      key: 'n',
      name: 'N',
      'payouts.signup.amount_minor': '2,5',
      'payouts.activation.amount_minor': '500',
      'payouts.activation.currency': 'jpy',
      'payouts.purchase.percent': '12,25',
    };
    expect(adminNetworkInputSchema.parse(networkInput(draft)).payouts).toEqual({
      signup: { amount_minor: 250, currency: 'EUR' },
      activation: { amount_minor: 500, currency: 'JPY' },
      first_purchase: null,
      purchase: { percent: 12.25 },
    });
    const refused = adminNetworkInputSchema.safeParse(
      networkInput({ ...draft, 'payouts.activation.amount_minor': '5.5', 'payouts.purchase.percent': '1e2' }),
    );
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'payouts.activation.amount_minor',
      'payouts.purchase.percent',
    ]);
  });
});

describe('experiment form values', () => {
  it('keep the rows in order and send whole-number weights', () => {
    const draft = experimentDraft([
      { key: 'a', design: 'gallery', weight: '60' },
      { key: ' B ', design: 'video', weight: '40' },
    ]);
    expect(variantRows(draft)).toHaveLength(2);
    expect(adminExperimentInputSchema.parse(experimentInput(3, draft))).toEqual({
      site_id: 3,
      variants: [
        { key: 'a', design: 'gallery', weight: 60 },
        { key: 'b', design: 'video', weight: 40 },
      ],
    });
    const refused = adminExperimentInputSchema.safeParse(experimentInput(3, { ...draft, 'variants.1.weight': '2.5' }));
    expect(refused.error?.issues[0]?.path.join('.')).toBe('variants.1.weight');
  });
});
