// The traffic report (docs/traffic.md, "Reports"): per source, visits, new visitors, signups, activations, buyers,
// revenue, refunds and payouts per currency, with a two-proportion test for lander variants, and its CSV.
import {
  TRAFFIC_REPORT_DEFAULT_DAYS,
  toDecimalAmount,
  type AdminTrafficReportResponse,
  type Money,
  type TrafficReportGroup,
  type TrafficReportRow,
} from '@app/contracts';
import type { ReportRange, ReportRepository } from './report.repository.ts';
import { dayIn } from './visits.service.ts';

/** The standard normal distribution's CDF (Abramowitz and Stegun 7.1.26 for erf; error below 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Two-sided p-value of the difference between two proportions (successes of trials), by the pooled z-test; 1 when
 * either side has no trials or nothing differs.
 */
export function twoProportionPValue(successesA: number, trialsA: number, successesB: number, trialsB: number): number {
  if (trialsA === 0 || trialsB === 0) return 1;
  const pooled = (successesA + successesB) / (trialsA + trialsB);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / trialsA + 1 / trialsB));
  if (standardError === 0) return 1;
  const z = (successesA / trialsA - successesB / trialsB) / standardError;
  return Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
}

const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** Every day from `from` to `to`, YYYY-MM-DD. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000)
    days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

export function createTrafficReport(deps: {
  repo: ReportRepository;
  /** Names to show beside keys: sites, networks and members by id or key. */
  labels: (by: TrafficReportGroup, keys: string[]) => Promise<Map<string, string>>;
  /** The time zones of one site or of all: a day of the report is its site's calendar day. */
  siteTimeZones: (siteId?: number) => Promise<string[]>;
  now: () => Date;
}) {
  return {
    /**
     * The default period: the last TRAFFIC_REPORT_DEFAULT_DAYS days up to the latest today among the sites' time
     * zones (a site east of the viewer may already count tomorrow's visits).
     */
    async defaultRange(siteId?: number): Promise<ReportRange> {
      const now = deps.now();
      const zones = await deps.siteTimeZones(siteId);
      const to = (zones.length > 0 ? zones : ['UTC'])
        .map((zone) => dayIn(zone, now))
        .sort()
        .at(-1)!;
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (TRAFFIC_REPORT_DEFAULT_DAYS - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return { from, to, siteId };
    },
    async report(by: TrafficReportGroup, range: ReportRange): Promise<AdminTrafficReportResponse> {
      const visits = await deps.repo.visits(by, range);
      const events = await deps.repo.events(by, range);
      const rows = new Map<string, TrafficReportRow>();
      const rowOf = (key: string) => {
        let row = rows.get(key);
        if (!row) {
          row = {
            key,
            label: null,
            visits: 0,
            visitors: 0,
            signups: 0,
            activations: 0,
            buyers: 0,
            revenue: [],
            refunds: [],
            payouts: [],
          };
          rows.set(key, row);
        }
        return row;
      };
      const add = (list: Money[], amount: number, currency: string) => {
        if (!currency || !amount) return;
        const entry = list.find((item) => item.currency === currency);
        if (entry) entry.amount += amount;
        else list.push({ amount, currency });
      };
      const days = new Map(
        daysBetween(range.from, range.to).map((day) => [day, { day, visits: 0, signups: 0, buyers: 0 }]),
      );
      for (const entry of visits) {
        if (entry.key !== null)
          Object.assign(rowOf(entry.key), { visits: num(entry.visits), visitors: num(entry.visitors) });
        else if (entry.day && days.has(entry.day)) days.get(entry.day)!.visits = num(entry.visits);
      }
      for (const entry of events) {
        if (entry.set === 2) {
          const day = entry.day ? days.get(entry.day) : undefined;
          if (day) Object.assign(day, { signups: num(entry.signups), buyers: num(entry.buyers) });
          continue;
        }
        const row = rowOf(entry.key ?? '');
        if (entry.set === 0) {
          Object.assign(row, {
            signups: num(entry.signups),
            activations: num(entry.activations),
            buyers: num(entry.buyers),
          });
          continue;
        }
        add(row.revenue, num(entry.revenue), entry.currency ?? '');
        add(row.refunds, num(entry.refunds), entry.currency ?? '');
        add(row.payouts, num(entry.payouts), entry.payout_currency ?? '');
      }
      for (const row of rows.values())
        for (const list of [row.revenue, row.refunds, row.payouts])
          list.sort((a, b) => a.currency.localeCompare(b.currency));
      const labels = await deps.labels(by, [...rows.keys()].filter(Boolean));
      for (const row of rows.values()) row.label = labels.get(row.key) ?? null;
      if (by === 'variant') addVariantTests(rows);
      return {
        from: range.from,
        to: range.to,
        rows: [...rows.values()].sort(
          (a, b) => b.visits - a.visits || b.signups - a.signups || (a.key < b.key ? -1 : 1),
        ),
        days: [...days.values()],
      };
    },
  };
}

/** Each variant against its lander's first variant (by key): signups per new visitor, two-sided, 95 %. */
function addVariantTests(rows: Map<string, TrafficReportRow>): void {
  const byLander = new Map<string, TrafficReportRow[]>();
  for (const row of rows.values()) {
    if (!row.key.includes(':')) continue;
    const lander = row.key.split(':')[0]!;
    byLander.set(lander, [...(byLander.get(lander) ?? []), row]);
  }
  for (const variants of byLander.values()) {
    variants.sort((a, b) => (a.key < b.key ? -1 : 1));
    const [control, ...others] = variants;
    if (!control) continue;
    control.test = null;
    for (const row of others) {
      const pValue = twoProportionPValue(row.signups, row.visitors, control.signups, control.visitors);
      row.test = { against: control.key, p_value: Number(pValue.toFixed(6)), is_significant: pValue < 0.05 };
    }
  }
}

/** The report as CSV: one line per row; money as `12.34 EUR`, several currencies joined with ` + `. */
export function reportCsv(by: TrafficReportGroup, report: AdminTrafficReportResponse): string {
  const money = (list: Money[]) =>
    list.map((entry) => `${toDecimalAmount(entry.amount, entry.currency)} ${entry.currency}`).join(' + ');
  const cell = (value: string | number) => {
    const text = String(value);
    // Quoted when needed; a leading = + - @ would be a formula in a spreadsheet.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const header = [
    by,
    'label',
    'visits',
    'visitors',
    'signups',
    'activations',
    'buyers',
    'conversion',
    'revenue',
    'refunds',
    'payouts',
    'revenue_per_signup',
    'p_value',
  ];
  const lines = report.rows.map((row) =>
    [
      row.key,
      row.label ?? '',
      row.visits,
      row.visitors,
      row.signups,
      row.activations,
      row.buyers,
      row.signups ? (row.buyers / row.signups).toFixed(4) : '',
      money(row.revenue),
      money(row.refunds),
      money(row.payouts),
      row.signups
        ? row.revenue
            .map(
              (entry) => `${toDecimalAmount(Math.floor(entry.amount / row.signups), entry.currency)} ${entry.currency}`,
            )
            .join(' + ')
        : '',
      row.test ? row.test.p_value : '',
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
export type TrafficReport = ReturnType<typeof createTrafficReport>;
