import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { OpenOrderLink } from './open-order-link.tsx';

beforeAll(async () => {
  await setupI18n();
});

describe('the open order link', () => {
  it('links "Code already used" to the member\'s own open order the error names', async () => {
    renderWithProviders(<OpenOrderLink error={{ code: 'discount_code_used', params: { order: 41 } }} />, {
      path: '/credits/7',
    });
    expect((await screen.findByRole('link', { name: 'Continue your open order' })).getAttribute('href')).toBe(
      '/transactions/41',
    );
  });

  it('shows nothing when no order is named, or for another error', () => {
    renderWithProviders(
      <>
        <OpenOrderLink error={{ code: 'discount_code_used' }} />
        <OpenOrderLink error={{ code: 'discount_code_expired', params: { order: 41 } }} />
      </>,
      { path: '/credits/7' },
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
