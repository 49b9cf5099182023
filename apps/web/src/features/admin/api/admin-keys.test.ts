// The console's query keys come from its key factories, all under `adminKeys.all` (a staff login or logout forgets
// them); no screen or hook retypes a key.
import { describe, expect, it } from 'vitest';
import { adminKeys } from './admin-keys.ts';
import { auditKeys } from './audit-keys.ts';
import { dashboardKeys } from './dashboard-keys.ts';
import { adminMemberKeys } from './admin-member-keys.ts';
import { adminOrderKeys } from './admin-order-keys.ts';
import { adminTicketKeys } from './admin-ticket-keys.ts';
import { adminWebhookKeys } from './admin-webhook-keys.ts';
import { adminPhotoKeys } from './admin-photo-keys.ts';
import { adminReportKeys } from './admin-report-keys.ts';
import { adminSiteKeys } from './admin-site-keys.ts';
import { staffKeys } from './staff-keys.ts';
import { adminTrafficKeys } from './admin-traffic-keys.ts';

describe('the console’s query keys', () => {
  it('all start with the console’s root, and a member’s lists sit under the member', () => {
    const keys = [
      staffKeys.me,
      auditKeys.all,
      dashboardKeys.all,
      adminMemberKeys.list('ann'),
      adminMemberKeys.ledger(7),
      adminMemberKeys.reports(7, 'made'),
      adminTicketKeys.list('open'),
      adminTicketKeys.detail(9),
      adminOrderKeys.list(''),
      adminOrderKeys.detail(3),
      adminWebhookKeys.all,
      adminPhotoKeys.queue('new'),
      adminReportKeys.detail(5),
      adminSiteKeys.codes(2),
      adminTrafficKeys.report({ from: '2026-11-01', to: '2026-11-30', by: 'network', site: null }),
      adminTrafficKeys.networks(),
      adminTrafficKeys.postbackList('failed', 4),
      adminTrafficKeys.experiments(),
    ];
    for (const key of keys) expect(key.slice(0, 1)).toEqual([...adminKeys.all]);
    for (const key of [adminMemberKeys.ledger(7), adminMemberKeys.orders(7), adminMemberKeys.photos(7)])
      expect(key.slice(0, 3)).toEqual([...adminMemberKeys.detail(7)]);
    expect(adminSiteKeys.bundles(2).slice(0, 3)).toEqual([...adminSiteKeys.detail(2)]);
    // Refreshing the log refreshes every filter of it.
    expect(adminTrafficKeys.postbackList('', null).slice(0, 3)).toEqual([...adminTrafficKeys.postbacks()]);
  });

  it('are never written out in the console’s code', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const literal = Object.entries(sources)
      .filter(([, source]) => /queryKey:\s*\[\s*['"]/.test(source))
      .map(([file]) => file);
    expect(literal).toEqual([]);
  });
});
