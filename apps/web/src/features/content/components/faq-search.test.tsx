import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { StaticPageContent } from './static-page.tsx';

describe('FAQ search', () => {
  it('covers credits, premium, refunds, privacy, safety and deletion, and filters the questions live with a polite count', async () => {
    await setupI18n('en');
    renderWithProviders(<StaticPageContent page="faq" />, { path: '/pages/faq', settings: { refund_days: 14 } });
    const search = await screen.findByRole('searchbox', { name: 'Search the questions' });
    const questions = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    const all = questions();
    for (const topic of [/credits work/, /premium/, /money back/, /see my profile/, /stay safe/, /delete my account/]) {
      expect(
        all.some((question) => topic.test(question ?? '')),
        String(topic),
      ).toBe(true);
    }
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(`${all.length} questions`);

    fireEvent.change(search, { target: { value: 'REFUND' } });
    await waitFor(() => expect(questions().length).toBeLessThan(all.length));
    expect(questions()).toContain('Can I get my money back?');
    expect(status.textContent).toBe(`${questions().length} question${questions().length === 1 ? '' : 's'} found`);
    expect(screen.getByText(/within 14 days of the purchase/)).toBeTruthy();

    fireEvent.change(search, { target: { value: 'zzzz nothing' } });
    await waitFor(() => expect(status.textContent).toBe('0 questions found'));
    expect(screen.getByRole('link', { name: 'Ask customer service' }).getAttribute('href')).toBe('/pages/service');
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });
});
