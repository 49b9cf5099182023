// The notice a profile's message and gift buttons show instead of opening the chat (docs/unconfirmed-members.md).
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test-support/user.fixture.ts';
import { getChatNotice } from './member-notice-store.ts';

describe('getChatNotice', () => {
  it('asks a member who has not confirmed the e-mail address to confirm it before writing or sending a gift', () => {
    const unconfirmed = buildUser({ status: 'not_confirmed' });
    expect(getChatNotice(unconfirmed, { is_fictional: false }, 'message')).toEqual({
      kind: 'activation',
      action: 'message',
    });
    expect(getChatNotice(unconfirmed, { is_fictional: false }, 'gift')).toEqual({ kind: 'activation', action: 'gift' });
    expect(getChatNotice(buildUser(), { is_fictional: false }, 'message')).toBeNull();
    expect(getChatNotice(null, { is_fictional: false }, 'message')).toEqual({ kind: 'login', action: 'message' });
  });
});
