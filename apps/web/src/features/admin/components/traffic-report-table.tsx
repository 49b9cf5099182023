// The traffic report's rows: per source its visits, unique visitors, signups, activations and buyers, the conversion
// (buyers per signup), revenue, refunds and payouts owed per currency, revenue per signup and, grouped by lander
// variant, the two-proportion test against the lander's first variant.
import { useTranslation } from 'react-i18next';
import type { Money, TrafficReportGroup, TrafficReportRow } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { conversionOf, NO_VALUE, revenuePerSignup } from '../lib/traffic.ts';
/** A p-value below this reads "< 0.0001". */
const SMALLEST_P = 0.0001;

function MoneyList({ list, language }: { list: readonly Money[]; language: string }) {
  if (list.length === 0) return NO_VALUE;
  return list.map((entry) => (
    <span key={entry.currency} className="d-block text-nowrap">
      {formatMoney(entry, language)}
    </span>
  ));
}

function VariantTest({ test }: { test: TrafficReportRow['test'] }) {
  const { t, i18n } = useTranslation('admin');
  if (test === undefined) return NO_VALUE;
  if (test === null) return t('traffic.report.control');
  const number = new Intl.NumberFormat(i18n.language, { maximumSignificantDigits: 2 });
  const value = test.p_value < SMALLEST_P ? `< ${number.format(SMALLEST_P)}` : number.format(test.p_value);
  return (
    <>
      <span className="d-block">{t('traffic.report.pValue', { value })}</span>
      <span className={test.is_significant ? 'fw-semibold text-success' : 'text-body-secondary'}>
        {t(test.is_significant ? 'traffic.report.significant' : 'traffic.report.notSignificant', {
          against: test.against,
        })}
      </span>
    </>
  );
}

export function TrafficReportTable({ rows, by }: { rows: readonly TrafficReportRow[]; by: TrafficReportGroup }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const money = (pick: (row: TrafficReportRow) => readonly Money[]) => (row: TrafficReportRow) => (
    <MoneyList list={pick(row)} language={language} />
  );
  const columns: DataTableColumn<TrafficReportRow>[] = [
    {
      key: 'key',
      header: t(`traffic.groups.${by}`),
      isRowHeader: true,
      cell: (row) => (
        <>
          {row.key === '' ? t('traffic.report.direct') : row.key}
          {row.label && <span className="d-block small fw-normal text-body-secondary">{row.label}</span>}
        </>
      ),
    },
    { key: 'visits', header: t('traffic.report.visits'), cell: (row) => row.visits },
    { key: 'visitors', header: t('traffic.report.visitors'), cell: (row) => row.visitors },
    { key: 'signups', header: t('traffic.report.signups'), cell: (row) => row.signups },
    { key: 'activations', header: t('traffic.report.activations'), cell: (row) => row.activations },
    { key: 'buyers', header: t('traffic.report.buyers'), cell: (row) => row.buyers },
    {
      key: 'conversion',
      header: t('traffic.report.conversion'),
      cell: (row) => {
        const conversion = conversionOf(row);
        return conversion === null ? NO_VALUE : percent.format(conversion);
      },
    },
    { key: 'revenue', header: t('traffic.report.revenue'), cell: money((row) => row.revenue) },
    { key: 'refunds', header: t('traffic.report.refunds'), cell: money((row) => row.refunds) },
    { key: 'payouts', header: t('traffic.report.payouts'), cell: money((row) => row.payouts) },
    { key: 'perSignup', header: t('traffic.report.revenuePerSignup'), cell: money(revenuePerSignup) },
  ];
  if (by === 'variant')
    columns.push({ key: 'test', header: t('traffic.report.test'), cell: (row) => <VariantTest test={row.test} /> });
  return (
    <DataTable
      caption={t('traffic.report.caption', { group: t(`traffic.groups.${by}`) })}
      className="small align-middle"
      rows={rows}
      rowKey={(row) => row.key}
      columns={columns}
    />
  );
}
