// A profile's message and gift buttons: they lead to /members/{id}/chat (the gift button opens the gift picker there);
// a fictional profile says before anything is sent or charged that it cannot be messaged; visitors must log in.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { MemberProfile } from '@app/contracts';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { closeMemberNotice, getMemberNotice } from '../../../lib/member-notice-store.ts';
import { MemberNoticeModal } from '../../../components/member-notice-modal.tsx';
import { MemberActions } from './member-actions.tsx';

beforeAll(() => setupI18n());
afterEach(async () => {
  closeMemberNotice();
  await settleOverlays();
});

const MEMBER: MemberProfile = {
  id: 12,
  name: 'Sofie',
  age: 31,
  gender: 'female',
  country: 'BE',
  region: null,
  city: null,
  about_me: null,
  interests: [],
  main_image: null,
  photos: [],
  is_verified: false,
  hidden_photo_count: 0,
  photos_locked: null,
  is_fictional: false,
  is_self: false,
  is_limited: false,
  relation: { is_liked: false, is_liked_by: false, is_match: false, is_blocked: false },
};

describe('member actions', () => {
  it('lead a member to the conversation', () => {
    renderWithProviders(<MemberActions member={MEMBER} viewer={buildUser()} />, { user: buildUser() });
    expect(screen.getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe('/members/12/chat');
    expect(screen.getByRole('link', { name: 'Send a gift' }).getAttribute('href')).toBe('/members/12/chat?gift=1');
  });

  it('explain that a fictional profile cannot be messaged, before anything is sent', async () => {
    renderWithProviders(
      <>
        <MemberActions member={{ ...MEMBER, is_fictional: true }} viewer={buildUser()} />
        <MemberNoticeModal />
      </>,
      { user: buildUser(), settings: { fictional_singular: 'fictional profile' } },
    );
    expect(screen.queryByRole('link', { name: 'Send a message' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send a gift' }));
    expect(getMemberNotice()).toEqual({ kind: 'not-messageable', action: 'gift' });
    const dialog = await screen.findByRole('dialog', { name: 'This profile cannot be messaged' });
    expect(dialog.textContent).toContain(
      'This is a fictional profile: it cannot receive gifts, so nothing is sent and no credits are spent.',
    );
  });

  it('ask a visitor to log in', () => {
    renderWithProviders(<MemberActions member={MEMBER} viewer={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send a message' }));
    expect(getMemberNotice()).toEqual({ kind: 'login', action: 'message' });
  });
});
