// The block dialog says what blocking does: the other member loses your profile, you both leave each other's lists,
// and you can still open theirs to unblock (the blocker still sees it, so "you will no longer see each other" was untrue).
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { BlockButton } from './block-button.tsx';

beforeAll(() => setupI18n());

describe('BlockButton', () => {
  it('describes blocking truthfully before the member confirms', async () => {
    renderWithProviders(<BlockButton profile={{ id: 12, name: 'Bea' }} isBlocked={false} />, { user: buildUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bea' });
    expect(dialog.textContent).toContain('Bea can no longer see your profile or contact you');
    expect(dialog.textContent).toContain('You can still open this profile to unblock.');
    expect(dialog.textContent).not.toContain('no longer see each other');
  });
});
