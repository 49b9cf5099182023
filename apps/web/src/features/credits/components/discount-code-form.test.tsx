// The discount-code field on the credits page: an empty entry is refused before asking, the server's answers are
// shown beside the field, an accepted code says how much it takes off and can be removed.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { setDiscountCode } from '../lib/payment-store.ts';
import { DiscountCodeForm } from './discount-code-form.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  setDiscountCode(null);
});

function apply(code: string) {
  fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('DiscountCodeForm', () => {
  it('asks for a code before asking the server', async () => {
    const { calls } = mockFetch(() => undefined);
    renderWithProviders(<DiscountCodeForm />);
    apply('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a discount code.');
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('shows the server\'s refusal beside the field, and "Code not found" for a code it does not know', async () => {
    mockFetch(({ url }) =>
      url.searchParams.get('code') === 'USED10'
        ? jsonError(400, 'discount_code_used', { message: 'Code already used' })
        : { body: { discountcode: null } },
    );
    renderWithProviders(<DiscountCodeForm />);
    apply('USED10');
    expect((await screen.findByRole('alert')).textContent).toContain('Code already used');
    apply('NOSUCH');
    expect((await screen.findByRole('alert')).textContent).toContain('Code not found');
  });

  it('applies an accepted code, says how much it takes off, and removes it again', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/discountcode.php'
        ? {
            body: {
              discountcode: {
                code: 'SPRING20',
                country: null,
                user_id: null,
                expires: null,
                value_percentage: 20,
                currency: null,
                minimum_order_value: 0,
                minimum: 0,
                percentage: 20,
                status: 'active',
                validity: 'unlimited',
                expired: false,
                paymentmethods: null,
                source: 'code',
              },
            },
          }
        : undefined,
    );
    renderWithProviders(<DiscountCodeForm />);
    apply('spring20');
    expect((await screen.findByRole('status')).textContent).toContain('Code SPRING20 applied: 20% off.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove code SPRING20' }));
    expect(await screen.findByLabelText('Discount code')).toBeTruthy();
  });
});
