// The signup flow when the site takes no signups: the partner redirect of SPEC section 9 when a partner is set, else
// the invite-only notice.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { SignupFlow } from './signup-flow.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

describe('signups closed (signups: other)', () => {
  it('replaces the invite-only notice in the signup flow when signups are closed and a partner is set', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<SignupFlow onFinish={() => undefined} />, {
      settings: { signups: 'other', partner_url: 'https://partner.example/' },
    });
    expect(await screen.findByRole('heading', { name: 'You are being forwarded' })).toBeTruthy();
  });

  it('keeps the invite-only notice without a partner', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<SignupFlow onFinish={() => undefined} />, {
      settings: { signups: 'other', partner_url: null },
    });
    expect(await screen.findByRole('heading', { name: 'Signing up is by invitation only' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You are being forwarded' })).toBeNull();
  });
});
