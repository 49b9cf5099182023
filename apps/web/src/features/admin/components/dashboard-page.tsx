// The console's dashboard: signups, activations, purchases, messages and revenue per day over the last 30 days,
// as charts (uPlot) and, for everybody who does not read charts, the same numbers in a table.
import { lazy, Suspense, useMemo } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toMajorUnits } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { toAdminFormError } from '../lib/admin-errors.ts';
import type { DaySeries } from './day-chart.tsx';

/** uPlot loads with the dashboard only (not with the console's other screens). */
const DayChart = lazy(async () => ({ default: (await import('./day-chart.tsx')).DayChart }));

const COLORS = ['#d6336c', '#1971c2', '#2b8a3e', '#e8590c', '#7048e8', '#0c8599'];

export function DashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const query = useDashboard();
  const data = query.data?.days;
  const view = useMemo(() => {
    if (!data) return null;
    const days = data.map((day) => day.day);
    const currencies = [...new Set(data.flatMap((day) => Object.keys(day.revenue)))].sort();
    const members: DaySeries[] = [
      { label: t('dashboard.signups'), values: data.map((day) => day.signups), color: COLORS[0]! },
      { label: t('dashboard.activations'), values: data.map((day) => day.activations), color: COLORS[1]! },
    ];
    const activity: DaySeries[] = [
      { label: t('dashboard.purchases'), values: data.map((day) => day.purchases), color: COLORS[2]! },
      { label: t('dashboard.messages'), values: data.map((day) => day.messages), color: COLORS[3]! },
    ];
    const revenue: DaySeries[] = currencies.map((currency, index) => ({
      label: currency,
      values: data.map((day) => toMajorUnits(day.revenue[currency] ?? 0, currency)),
      color: COLORS[(index + 4) % COLORS.length]!,
    }));
    return { days, currencies, members, activity, revenue };
  }, [data, t]);

  if (query.isPending) return <LoadingSpinner />;
  if (query.isError || !view || !data) return <FormErrorAlert error={toAdminFormError(query.error)} />;
  const charts = [
    { title: t('dashboard.membersChart'), series: view.members },
    { title: t('dashboard.activityChart'), series: view.activity },
    ...(view.revenue.length > 0 ? [{ title: t('dashboard.revenueChart'), series: view.revenue }] : []),
  ];

  return (
    <>
      <h1 className="h4 mb-3">{t('dashboard.title')}</h1>
      <Row className="g-4 mb-4">
        {charts.map((chart) => (
          <Col key={chart.title} xl={6}>
            <Card className="shadow-sm h-100">
              <Card.Body>
                <h2 className="h6">{chart.title}</h2>
                <Suspense fallback={<div style={{ height: 230 }} />}>
                  <DayChart days={view.days} series={chart.series} />
                </Suspense>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <details>
        <summary className="mb-2">{t('dashboard.table')}</summary>
        <DataTable
          caption={t('dashboard.table')}
          className="small"
          rows={data}
          rowKey={(day) => day.day}
          columns={[
            { key: 'day', header: t('dashboard.day'), isRowHeader: true, cell: (day) => day.day },
            { key: 'signups', header: t('dashboard.signups'), cell: (day) => day.signups },
            { key: 'activations', header: t('dashboard.activations'), cell: (day) => day.activations },
            { key: 'purchases', header: t('dashboard.purchases'), cell: (day) => day.purchases },
            { key: 'messages', header: t('dashboard.messages'), cell: (day) => day.messages },
            ...view.currencies.map((currency) => ({
              key: currency,
              header: t('dashboard.revenueIn', { currency }),
              cell: (day: (typeof data)[number]) =>
                formatMoney({ amount: day.revenue[currency] ?? 0, currency }, i18n.language),
            })),
          ]}
        />
      </details>
    </>
  );
}
