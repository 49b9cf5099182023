// The match modal shows both members: the member's own main photo and the match's, which opens their profile; a message
// box says hi right there, and a match from the swipe game offers "Keep swiping". The host shows a moment the member
// missed (match-moments.php) and marks it seen.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { LikeModalHost } from './like-modal-host.tsx';
import { closeLikeModal } from '../lib/like-modal-store.ts';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { LikeModal } from './like-modal.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  closeLikeModal();
  vi.unstubAllGlobals();
});

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

  it('says hi right there: an opening line, sent and paid as a first message, then a way to the conversation', async () => {
    const { calls } = mockFetch(({ method, url, body }) =>
      method === 'POST' && url.pathname === '/api/message.php'
        ? {
            body: {
              message: {
                id: 5,
                conversation_id: 44,
                seq: 1,
                client_id: (body as { client_id: string }).client_id,
                sender_id: 70,
                is_mine: true,
                kind: 'text',
                body: (body as { text: string }).text,
                photo: null,
                gift: null,
                created_at: new Date().toISOString(),
              },
              conversation: { id: 44 },
              credits: 90,
            },
          }
        : undefined,
    );
    const { unmount } = renderWithProviders(
      <LikeModal
        variant="match"
        profile={{ id: 9, name: 'Bram', main_image: image('bram') }}
        buttonLabel="See your matches"
        onClose={() => undefined}
      />,
      { user: buildUser() },
    );
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    const form = within(dialog).getByRole('form', { name: 'Say hi to Bram' });
    fireEvent.click(within(form).getByRole('button', { name: /^Hi! Your profile made me smile/ }));
    expect((within(form).getByRole('textbox', { name: 'Your message to Bram' }) as HTMLTextAreaElement).value).toMatch(
      /^Hi! Your profile made me smile/,
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Sent! Bram will find your message in their chats.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Go to the conversation' }).getAttribute('href')).toBe('/chats/44');
    const sends = calls.filter((call) => call.path === '/api/message.php');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({ to: 9, text: expect.stringMatching(/^Hi! Your profile/) });
    unmount();
    await settleOverlays();
  });

  it('offers "Keep swiping" when the match came from the swipe game', async () => {
    const onClose = vi.fn();
    const { unmount } = renderWithProviders(
      <LikeModal
        variant="match"
        profile={{ id: 9, name: 'Bram', main_image: image('bram') }}
        buttonLabel="See your matches"
        isFromSwipeGame
        onClose={onClose}
      />,
      { user: buildUser() },
    );
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep swiping' }));
    expect(onClose).toHaveBeenCalled();
    expect(within(dialog).queryByRole('link', { name: 'See your matches' })).toBeNull();
    unmount();
    await settleOverlays();
  });

  it('shows the moment of a match the member missed, and marks it seen', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname !== '/api/match-moments.php') return undefined;
      return method === 'POST'
        ? { body: { seen: true } }
        : {
            body: {
              moments: [
                {
                  profile: {
                    id: 9,
                    name: 'Bram',
                    age: 31,
                    gender: 'male',
                    city: 'Utrecht',
                    region: null,
                    country: 'NL',
                    main_image: image('bram'),
                    is_fictional: false,
                  },
                  matched_at: new Date().toISOString(),
                },
              ],
            },
          };
    });
    const { unmount } = renderWithProviders(<LikeModalHost />, { user: buildUser({ status: 'active' }) });
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(within(dialog).getByRole('form', { name: 'Say hi to Bram' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/match-moments.php')).toEqual([
        expect.objectContaining({ body: { id: 9 } }),
      ]),
    );
    unmount();
    await settleOverlays();
  });
});
