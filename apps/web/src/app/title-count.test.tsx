// The page title's count lives at the root: it reads the cached likes and conversations, whichever screen polls them.
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../test-support/render.tsx';
import { buildUser } from '../test-support/user.fixture.ts';
import { TitleCount } from './title-count.tsx';

beforeAll(() => setupI18n());

describe('TitleCount', () => {
  it('adds new likes and unread messages to the title, follows the cache and fetches nothing itself', async () => {
    document.title = 'Members | Amoria';
    const fetches: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL) => {
      fetches.push(String(input));
      return Promise.reject(new Error('no network in this test'));
    };
    try {
      const { queryClient, unmount } = renderWithProviders(<TitleCount />, { user: buildUser() });
      act(() => {
        queryClient.setQueryData(['likes'], {
          profiles: [],
          liked_by: [
            { id: 1, like_new: true },
            { id: 2, like_new: false },
          ],
        });
        queryClient.setQueryData(['chats', 'list'], { chats: [], next_cursor: null, version: 1, unread_total: 3 });
      });
      await waitFor(() => expect(document.title).toBe('(4) Members | Amoria'));
      act(() => {
        queryClient.setQueryData(['chats', 'list'], { chats: [], next_cursor: null, version: 2, unread_total: 0 });
      });
      await waitFor(() => expect(document.title).toBe('(1) Members | Amoria'));
      unmount();
      expect(document.title).toBe('Members | Amoria');
      expect(fetches).toEqual([]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
