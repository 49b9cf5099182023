// A chat photo that arrived blurred: why, View (the original asked for only then) and Report.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { ChatMessage } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { MessageBody } from './message-body.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const photoMessage = (photo: Partial<NonNullable<ChatMessage['photo']>>) => ({
  id: 41,
  kind: 'photo' as const,
  body: null,
  gift: null,
  is_mine: false,
  photo: {
    url: '/api/chat-photo.php?m=41&s=blur',
    thumb_url: '/api/chat-photo.php?m=41&s=blur',
    width: 400,
    height: 300,
    blurred: true,
    blur_reason: 'explicit' as const,
    ...photo,
  },
});

describe('a blurred chat photo', () => {
  it('says why, loads the original only after View, and offers Report', async () => {
    const { calls } = mockFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/chat-photo-view.php'
        ? { body: { url: '/api/chat-photo.php?m=41&s=full', thumb_url: '/api/chat-photo.php?m=41&s=thumb' } }
        : undefined,
    );
    const onReport = vi.fn();
    const onOpenPhoto = vi.fn();
    const { container } = renderWithProviders(
      <MessageBody message={photoMessage({})} onReport={onReport} onOpenPhoto={onOpenPhoto} />,
    );
    expect(screen.getByText('This photo may contain nudity')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toContain('s=blur');
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(onReport).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    const opened = await screen.findByRole('button', { name: 'Open the photo' });
    expect(calls).toEqual([{ method: 'POST', path: '/api/chat-photo-view.php', body: { message_id: 41 } }]);
    expect(container.querySelector('img')?.getAttribute('src')).toContain('s=thumb');
    fireEvent.click(opened);
    expect(onOpenPhoto).toHaveBeenCalledWith('/api/chat-photo.php?m=41&s=full');
  });

  it('says a photo not checked yet is not checked, and shows an unblurred photo as it is', () => {
    const { unmount } = renderWithProviders(<MessageBody message={photoMessage({ blur_reason: 'checking' })} />);
    expect(screen.getByText('This photo has not been checked yet')).toBeTruthy();
    unmount();
    renderWithProviders(<MessageBody message={photoMessage({ blurred: false, blur_reason: null, url: 'full' })} />);
    expect(screen.queryByRole('button', { name: 'View' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the photo' })).toBeTruthy();
  });
});
