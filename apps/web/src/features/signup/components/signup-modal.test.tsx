// The signup modal: opened by Sign up links, closable by Escape only before the signup is under way, reopened after a reload.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { openSignupModal, resetSignupModal } from '../../../lib/signup-modal-store.ts';
import { SignupLink } from '../../../components/signup-link.tsx';
import { SignupModal } from './signup-modal.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  act(() => resetSignupModal());
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SLOW = { timeout: 5_000 };

function renderModal(options: Parameters<typeof renderWithProviders>[1] = {}) {
  mockFetch(() => undefined);
  return renderWithProviders(
    <>
      <SignupLink>Sign up</SignupLink>
      <SignupModal />
    </>,
    options,
  );
}

describe('SignupModal', () => {
  it('opens from a Sign up link (which still points at /signup) and closes with Escape on the account step', async () => {
    renderModal();
    const link = await screen.findByRole('link', { name: 'Sign up' });
    expect(link.getAttribute('href')).toBe('/signup');
    fireEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(await screen.findByLabelText('E-mail address', {}, SLOW)).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('signup_modal')).toBeNull();
  });

  it('stays open on Escape while the signup is in progress, and reopens after a reload', async () => {
    act(() => openSignupModal());
    expect(JSON.parse(sessionStorage.getItem('signup_modal') ?? '{}')).toEqual({ isOpen: true });
    renderModal({ user: buildUser({ status: 'not_confirmed', signup_step: 2 }) });
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(await screen.findByRole('heading', { name: 'Tell others about yourself' }, SLOW)).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    // The positive signal that Escape reached the modal: a static modal refuses it with its bounce (modal-static).
    await waitFor(() => expect(dialog.classList.contains('modal-static')).toBe(true));
    // Not closing: still shown, and the store still says open (closing writes it at once).
    expect(dialog.classList.contains('show')).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('signup_modal') ?? '{}')).toEqual({ isOpen: true });
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBe(dialog);
  });

  it('is not shown on the signup pages themselves', async () => {
    act(() => openSignupModal());
    renderModal({ path: '/signup' });
    await screen.findByRole('link', { name: 'Sign up' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
