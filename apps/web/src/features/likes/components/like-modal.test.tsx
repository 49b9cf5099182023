// The match modal shows both members: the member's own main photo and the match's, which opens their profile.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { LikeModal } from './like-modal.tsx';

beforeAll(() => setupI18n());

const image = (name: string) => ({
  filename: `/p/${name}.jpg`,
  thumb_filename: `/p/${name}_thumb.jpg`,
  status: 'active' as const,
});

describe('like modal', () => {
  it("the match variant shows the member's own photo and the match's photo", async () => {
    const user = buildUser({
      profile: { id: 70, name: 'Anna', country: 'NL', main_image: image('anna'), status: 'active' },
    });
    const { unmount } = renderWithProviders(
      <LikeModal
        variant="match"
        profile={{ id: 9, name: 'Bram', main_image: image('bram') }}
        buttonLabel="See your matches"
        onClose={() => undefined}
      />,
      { user },
    );
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(screen.getByRole('img', { name: 'Your photo' }).getAttribute('src')).toBe('/p/anna_thumb.jpg');
    const theirs = screen.getByRole('img', { name: 'Open the profile of Bram' });
    expect(theirs.getAttribute('src')).toBe('/p/bram_thumb.jpg');
    expect(theirs.closest('a')?.getAttribute('href')).toBe('/members/9');
    expect(dialog.querySelectorAll('img')).toHaveLength(2);
    unmount();
    await settleOverlays();
  });

  it('the new-like variant shows only the liker', async () => {
    renderWithProviders(
      <LikeModal
        variant="new-like"
        profile={{ id: 9, name: 'Bram', main_image: image('bram') }}
        buttonLabel="View profile"
        onClose={() => undefined}
      />,
      {
        user: buildUser(),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'New like!' });
    expect(dialog.querySelectorAll('img')).toHaveLength(1);
  });
});
