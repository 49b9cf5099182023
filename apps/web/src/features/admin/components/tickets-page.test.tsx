// The console's tickets: a writer's text is shown as text. A visitor may type links and markup into the contact form;
// staff must never get them as clickable links or rendered HTML (docs/content.md).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { TicketsPage } from './tickets-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const ticket = {
  id: 9,
  site_id: 1,
  kind: 'contact',
  user_id: null,
  email: 'stranger@example.com',
  language: 'en',
  subject: 'Claim at https://win.example/claim',
  body: 'Go to https://win.example/claim?id=1 or <a href="https://win.example">here</a> now.',
  order_id: null,
  status: 'open',
  created_at: '2026-11-23T10:00:00.000Z',
};

describe('TicketsPage', () => {
  it("shows a ticket's subject and text as plain text, with no link made of the URLs or markup in it", async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/tickets') return { body: { tickets: [ticket], next_cursor: null } };
      if (url.pathname === '/api/admin/tickets/9') return { body: { ticket, replies: [] } };
      return undefined;
    });
    const { container } = renderWithProviders(<TicketsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open ticket 9' }));
    expect(await screen.findByText(ticket.body)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(ticket.subject);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container.querySelector('a[href*="win.example"]')).toBeNull();
  });

  it('checks the reply at its field, then sends it by mail and closes the ticket', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/admin/tickets') return { body: { tickets: [ticket], next_cursor: null } };
      if (url.pathname === '/api/admin/tickets/9') return { body: { ticket, replies: [] } };
      if (method === 'POST' && url.pathname === '/api/admin/tickets/9/reply')
        return { body: { ticket: { ...ticket, status: 'closed' }, replies: [] } };
      return undefined;
    });
    renderWithProviders(<TicketsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open ticket 9' }));
    const send = await screen.findByRole('button', { name: 'Send reply' });
    fireEvent.click(send);
    const reply = screen.getByLabelText('Reply (sent by e-mail)');
    await waitFor(() => expect(document.activeElement).toBe(reply));
    expect(reply.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(reply, { target: { value: 'We looked into it.' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/admin/tickets/9/reply')?.body).toEqual({
        body: 'We looked into it.',
        close: true,
      }),
    );
  });
});
