// A bundle card's pricing: the price in the member's language and the bundle's currency, the struck-through price under a
// discount, the price per credit, the saving ribbon, the popular ribbon, and the link to the bundle's methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Bundle } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { formatMoney, formatPricePerCredit } from '../../../lib/money.ts';
import { BundleCard } from './bundle-card.tsx';

beforeAll(() => setupI18n());
afterAll(() => setupI18n('en'));

function bundle(overrides: Partial<Bundle> = {}): Bundle {
  return {
    id: 3,
    credits: 250,
    price: { amount: 3995, currency: 'EUR' },
    final_price: { amount: 3995, currency: 'EUR' },
    ribbon_percentage: 0,
    is_popular: false,
    ...overrides,
  };
}

describe('money formatting', () => {
  it('formats minor units in the language and currency, with one more decimal per credit', () => {
    expect(formatMoney({ amount: 995, currency: 'EUR' }, 'en')).toBe('€9.95');
    expect(formatMoney({ amount: 995, currency: 'EUR' }, 'de')).toBe('9,95\u00a0€');
    expect(formatMoney({ amount: 4295, currency: 'PLN' }, 'pl')).toBe('42,95\u00a0zł');
    expect(formatMoney({ amount: 500, currency: 'JPY' }, 'en')).toBe('¥500');
    expect(formatPricePerCredit({ amount: 995, currency: 'EUR' }, 50, 'en')).toBe('€0.199');
    expect(formatPricePerCredit({ amount: 6995, currency: 'EUR' }, 500, 'en')).toBe('€0.14');
  });
});

describe('BundleCard', () => {
  it('shows credits, price and price per credit without a discount, and links to the bundle', () => {
    renderWithProviders(<BundleCard bundle={bundle()} />);
    const card = screen.getByRole('article', { name: '250 credits' });
    expect(within(card).getByTestId('bundle-price').textContent).toBe('€39.95');
    expect(within(card).queryByTestId('bundle-old-price')).toBeNull();
    expect(within(card).getByTestId('bundle-per-credit').textContent).toBe('€0.16 per credit');
    expect(within(card).queryByTestId('bundle-ribbon')).toBeNull();
    expect(within(card).queryByText('Popular')).toBeNull();
    expect(within(card).queryByTestId('bundle-discount')).toBeNull();
    // The number stands out, and the heading still reads as one phrase.
    expect(card.querySelector('.bundle-credits-number')?.textContent).toBe('250');
    const buy = within(card).getByRole('link', { name: 'Buy 250 credits for €39.95' });
    expect(buy.getAttribute('href')).toBe('/credits/3');
  });

  it('strikes the price through when a discount lowers it, and prices per credit after the discount', () => {
    renderWithProviders(<BundleCard bundle={bundle({ final_price: { amount: 2996, currency: 'EUR' } })} />);
    const card = screen.getByRole('article', { name: '250 credits' });
    const old = within(card).getByTestId('bundle-old-price');
    expect(old.tagName).toBe('DEL');
    expect(old.textContent).toBe('Was €39.95');
    expect(within(card).getByTestId('bundle-price').textContent).toBe('Now €29.96');
    expect(within(card).getByTestId('bundle-per-credit').textContent).toBe('€0.12 per credit');
    // The discount that made the price is named on the card.
    expect(within(card).getByTestId('bundle-discount').textContent).toBe('25% discount applied');
    expect(within(card).getByRole('link', { name: 'Buy 250 credits for €29.96' })).toBeTruthy();
  });

  it('shows the saving ribbon as -N% and the popular ribbon', () => {
    renderWithProviders(<BundleCard bundle={bundle({ ribbon_percentage: 19, is_popular: true })} />);
    const card = screen.getByRole('article', { name: '250 credits' });
    const ribbon = within(card).getByTestId('bundle-ribbon');
    expect(ribbon.querySelector('[aria-hidden="true"]')?.textContent).toBe('-19%');
    expect(within(ribbon).getByText('Save 19% per credit').className).toContain('visually-hidden');
    expect(within(card).getByText('Popular')).toBeTruthy();
    expect(card.className).toContain('bundle-card-popular');
  });

  it("formats the price in the member's language and the bundle's currency", async () => {
    await setupI18n('de');
    renderWithProviders(
      <BundleCard
        bundle={bundle({
          credits: 100,
          price: { amount: 13495, currency: 'DKK' },
          final_price: { amount: 13495, currency: 'DKK' },
        })}
      />,
    );
    const card = screen.getByTestId('bundle-card');
    expect(within(card).getByTestId('bundle-price').textContent).toBe('134,95\u00a0DKK');
    await setupI18n('en');
  });

  it('has no buy link once chosen (the method page shows it as a summary)', () => {
    renderWithProviders(<BundleCard bundle={bundle()} isSelected />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('bundle-card').className).toContain('bundle-card-selected');
  });
});
