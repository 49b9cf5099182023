// One `<main>` at every moment, and one top-level heading on the chat page (docs/accessibility.md). A page that
// suspends after it was shown (a lazy part, a namespace or data still loading) waits inside its layout's `<main>`
// with the page's skeleton; before, the App's Suspense showed its whole shell, a second `<main>` beside the hidden page.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18next } from '../../lib/i18n.ts';
import { createTestQueryClient, renderWithProviders, setupI18n } from '../../test-support/render.tsx';
import { buildSettings } from '../../test-support/settings.fixture.ts';
import { buildUser } from '../../test-support/user.fixture.ts';
import { mockFetch } from '../../test-support/fetch-mock.ts';
import { ChatsPage } from '../../features/chat/components/chats-page.tsx';
import { AppShell } from '../app-shell.tsx';
import { ChatLayout } from './chat-layout.tsx';
import { DefaultLayout } from './default-layout.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const mains = () => document.querySelectorAll('main').length;

/** A module that arrives when the test says so. */
function deferredModule() {
  let resolve: (module: { default: ComponentType }) => void = () => undefined;
  const promise = new Promise<{ default: ComponentType }>((done) => (resolve = done));
  return { promise, resolve };
}

describe('one main at every moment', () => {
  it('a shown page whose lazy part loads keeps the one main of its layout', async () => {
    mockFetch(() => undefined);
    const part = deferredModule();
    const LazyPart = lazy(() => part.promise);
    const later = deferredModule();
    function Page() {
      const [isOpen, setIsOpen] = useState(false);
      return (
        <>
          <h1>Page</h1>
          <button type="button" onClick={() => setIsOpen(true)}>
            More
          </button>
          {isOpen && <LazyPart />}
        </>
      );
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <DefaultLayout />,
          children: [
            { path: 'page', element: <Page /> },
            // A route whose code loads on the way there (the route table's lazy screens).
            { path: 'lazy', lazy: async () => ({ Component: (await later.promise).default }) },
          ],
        },
      ],
      { initialEntries: ['/page'] },
    );
    // As the App renders the router: its Suspense shows the app shell (with its own main) when nothing closer catches.
    render(
      <QueryClientProvider client={createTestQueryClient(buildSettings())}>
        <I18nextProvider i18n={i18next}>
          <Suspense fallback={<AppShell pathname="/page" />}>
            <RouterProvider router={router} />
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'Page', level: 1 });
    expect(mains()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    // Loading: the page waits inside the layout's main, no second one.
    expect(mains()).toBe(1);
    expect(document.querySelector('[data-testid="app-shell"]')).toBeNull();
    await act(async () => part.resolve({ default: () => <p>more</p> }));
    await screen.findByText('more');
    expect(mains()).toBe(1);

    // A lazy route: the old page stays while its code loads, then the new one; one main throughout.
    let navigation: Promise<void> | undefined;
    act(() => void (navigation = router.navigate('/lazy')));
    expect(mains()).toBe(1);
    await act(async () => {
      later.resolve({ default: () => <h1>Lazy</h1> });
      await navigation;
    });
    await screen.findByRole('heading', { name: 'Lazy', level: 1 });
    expect(mains()).toBe(1);
  });
});

describe('the chat page', () => {
  const partner = {
    id: 70,
    name: 'Ann',
    main_image: null,
    is_fictional: false,
    is_confirmed: true,
    is_verified: false,
  };
  function answers(url: URL) {
    if (url.pathname === '/api/chats.php')
      return {
        body: {
          chats: [
            {
              conversation: { id: 5 },
              profile: { id: 70, name: 'Ann', main_image: null, is_available: true },
              num_unread_messages: 0,
              last_message: null,
              last_seq: 0,
              last_activity_at: '2026-11-01T10:00:00.000Z',
              version: 1,
            },
          ],
          next_cursor: null,
          version: 1,
          removed: [],
          unread_total: 0,
          started_count: 1,
        },
      };
    if (url.pathname === '/api/chat.php')
      return {
        body: {
          conversation: { id: 5, last_seq: 0, partner_read_seq: 0 },
          partner,
          messages: [],
          has_more: false,
          has_hidden_history: false,
          send_blocked_reason: null,
          prices: { text: 10, photo: 20, gift: 30 },
          max_length: 1000,
          can_send_photos: false,
        },
      };
    return undefined;
  }

  it('/chats/{id} has one h1, naming the partner; the list is a second-level heading', async () => {
    mockFetch(({ url }) => answers(url));
    renderWithProviders(<p />, {
      user: buildUser(),
      path: '/chats/5',
      routes: [{ path: '/chats', element: <ChatLayout />, children: [{ path: ':id', element: <ChatsPage /> }] }],
    });
    await screen.findByRole('heading', { level: 1, name: 'Chat with Ann' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Messages' })).toBeTruthy();
    expect(mains()).toBe(1);
  });

  it('/chats has one h1: the list', async () => {
    mockFetch(({ url }) => answers(url));
    renderWithProviders(<p />, {
      user: buildUser(),
      path: '/chats',
      routes: [{ path: '/chats', element: <ChatLayout />, children: [{ index: true, element: <ChatsPage /> }] }],
    });
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
