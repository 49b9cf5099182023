// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildSettings } from '../../../test-support/settings.fixture.ts';
import { setupI18n } from '../../../test-support/render.tsx';
import {
  buildPlaceholderValues,
  fillPlaceholders,
  findPlaceholders,
  formatTermsVersion,
  PLACEHOLDERS,
} from './placeholders.ts';

describe('page placeholders', () => {
  it('dates the terms at the version the settings give, in UTC', () => {
    // SPEC 3: 2023-12-01 noon UTC, or the company's added date when later (settings.php computes terms_version).
    expect(formatTermsVersion('2023-12-01T12:00:00.000Z', 'en')).toBe('1 December 2023 at 12:00 UTC');
    expect(formatTermsVersion('2024-03-05T08:30:00.000Z', 'nl')).toBe('5 maart 2024 om 08:30 UTC');
    expect(formatTermsVersion('2024-03-05T08:30:00.000Z', 'en-US')).toBe('March 5, 2024 at 8:30 AM UTC');
  });

  it('fills every placeholder from the settings, escaped, with plural units', async () => {
    const i18n = await setupI18n('en');
    const settings = buildSettings({
      refund_days: 1,
      message_credits: 10,
      company: { ...buildSettings().company, name: 'Acme <b>&</b> Co', vat_numbers: ['NL1', 'BE2'] },
    });
    const values = buildPlaceholderValues(settings, i18n.getFixedT('en', 'content'), 'en', 'spam');
    expect(Object.keys(values).sort()).toEqual([...PLACEHOLDERS].sort());
    expect(values.refund_period).toBe('1 day');
    expect(values.message_cost).toBe('10 credits');
    expect(values.company_vat).toBe('NL1 and BE2');
    expect(values.company_country).toBe('Netherlands');
    const html = fillPlaceholders('<p>{company_name} within {refund_period}, {unknown}</p>', values);
    expect(html).toBe('<p>Acme &lt;b&gt;&amp;&lt;/b&gt; Co within 1 day, {unknown}</p>');
    expect(findPlaceholders(html)).toEqual(['unknown']);
  });
});
