// /dev/mailbox: newest mails with recipient, subject and time; one opens with its links, text and sandboxed HTML; 404 without a mailbox.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { DevMailboxPage, buildPreviewDocument } from './dev-mailbox-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mail = (id: number, subject: string, link: string) => ({
  id,
  from: 'Amoria <no-reply@amoria.example>',
  to: `user${id}@example.com`,
  subject,
  text: `Hello\n${link}`,
  html: `<p>Hello <a href="${link}">open</a></p>`,
  template: 'activation',
  links: [link],
  created_at: '2025-06-15T12:00:00.000Z',
});

describe('DevMailboxPage', () => {
  it('lists the mails newest first and shows the chosen one with clickable links and sandboxed HTML', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/dev/mailbox'
        ? {
            body: {
              mails: [
                mail(2, 'Reset your password', 'http://localhost/reset-password/do?token=abc'),
                mail(1, 'Confirm your e-mail', 'http://localhost/activate?token=xyz'),
              ],
            },
          }
        : undefined,
    );
    const { container } = renderWithProviders(<DevMailboxPage />, { path: '/dev/mailbox' });
    const list = await screen.findByRole('list', { name: 'Mails, newest first' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining('Reset your password'), expect.stringContaining('Confirm your e-mail')]);
    expect(screen.getByRole('heading', { level: 2, name: 'Reset your password' })).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: /Confirm your e-mail/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Confirm your e-mail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'http://localhost/activate?token=xyz' }).getAttribute('href')).toBe(
      'http://localhost/activate?token=xyz',
    );
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<base target="_top">');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Recipient' }), { target: { value: 'user1@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe('/api/dev/mailbox?to=user1%40example.com'));
  });

  it("shows a mail's headers (one-click unsubscribe)", async () => {
    const headers = {
      'List-Unsubscribe': '<http://localhost/api/unsubscribe.php?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    mockFetch(({ url }) =>
      url.pathname === '/api/dev/mailbox'
        ? { body: { mails: [{ ...mail(3, 'New message', 'http://localhost/chats/1'), headers }] } }
        : undefined,
    );
    renderWithProviders(<DevMailboxPage />, { path: '/dev/mailbox' });
    await screen.findByRole('heading', { level: 2, name: 'New message' });
    const term = screen.getByText('List-Unsubscribe-Post');
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling?.textContent).toBe('List-Unsubscribe=One-Click');
    expect(screen.getByText('<http://localhost/api/unsubscribe.php?token=t>').tagName).toBe('DD');
  });

  it('is a 404 page when the API has no mailbox (production)', async () => {
    mockFetch(() => jsonError(404, 'route_not_found'));
    // React reports the error it hands to the route's error element.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<p>elsewhere</p>, {
      path: '/dev/mailbox',
      routes: [{ path: '/dev/mailbox', element: <DevMailboxPage />, errorElement: <p>404 page</p> }],
    });
    expect(await screen.findByText('404 page')).toBeTruthy();
  });

  it('wraps mail HTML so its links leave the sandbox for the app window', () => {
    expect(buildPreviewDocument('<a href="/x">x</a>')).toBe(
      '<!doctype html><html><head><meta charset="utf-8"><base target="_top"></head><body><a href="/x">x</a></body></html>',
    );
  });

  it("previews a whole mail document as it is, with the base in the mail's own head", () => {
    const mail =
      '<!doctype html>\n<html lang="de"><head><title>Hallo</title></head><body><a href="/x">x</a></body></html>';
    expect(buildPreviewDocument(mail)).toBe(
      '<!doctype html>\n<html lang="de"><head><base target="_top"><title>Hallo</title></head><body><a href="/x">x</a></body></html>',
    );
  });
});
