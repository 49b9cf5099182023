// The traffic report: a period (the last 30 days by default), a grouping and, for roles that may list sites, a site;
// the visits, signups and buyers per day as a chart (with the same numbers in a table), the rows per source, and
// the same report as a CSV download. The period is checked by the contract's query schema at its fields before asking.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  adminTrafficReportQuerySchema,
  TRAFFIC_REPORT_GROUPS,
  type AdminTrafficReportResponse,
  type TrafficReportGroup,
} from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { toFieldErrors, toFormErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { reportQuery } from '../api/report-query.ts';
import { trafficReportCsvUrl } from '../api/traffic-report-csv-url.ts';
import { useTrafficReport } from '../api/traffic-report.ts';
import { type TrafficReportFilter } from '../api/traffic-report-filter.ts';
import { toAdminQueryError } from '../lib/admin-errors.ts';
import type { DaySeries } from './day-chart.tsx';
import { TrafficReportTable } from './traffic-report-table.tsx';
import { TrafficSiteSelect } from './traffic-site-select.tsx';

/** uPlot loads with the chart only (as on the dashboard). */
const DayChart = lazy(async () => ({ default: (await import('./day-chart.tsx')).DayChart }));

const COLORS = ['#1971c2', '#d6336c', '#2b8a3e'];

type Filter = { from: string; to: string; by: TrafficReportGroup; site: string };

export function TrafficReport({ canListSites }: { canListSites: boolean }) {
  const { t } = useTranslation('admin');
  // No period at first: the server answers its default (the last 30 days up to the sites' today, which may be a day
  // ahead of the viewer's), and the fields show the period answered.
  const [filter, setFilter] = useState<Filter>({ from: '', to: '', by: 'network', site: '' });
  const site = filter.site ? Number(filter.site) : null;
  const reportFilter: TrafficReportFilter = { from: filter.from, to: filter.to, by: filter.by, site };
  // Checked as the query string the server reads (the site id as text).
  const parsed = adminTrafficReportQuerySchema.safeParse({
    ...reportQuery(reportFilter),
    site: filter.site || undefined,
  });
  const report = useTrafficReport(reportFilter, parsed.success);
  const isDefaultPeriod = !filter.from && !filter.to;
  const answered = report.data ? { from: report.data.from, to: report.data.to } : { from: '', to: '' };
  const shown = isDefaultPeriod ? { ...filter, ...answered } : filter;
  // The contract's refusal at the filter's fields; the server's too, when it names one of them.
  const apiErrors = report.isError ? toFormErrors(report.error) : null;
  const errors = parsed.success ? (apiErrors?.fields ?? {}) : toFieldErrors(parsed.error.issues);
  const isErrorAtField = Object.keys(errors).some((name) => name in filter && errors[name]);

  return (
    <section aria-labelledby="traffic-report-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="traffic-report-title" className="h5 mb-0">
          {t('traffic.report.title')}
        </h2>
        {parsed.success && (
          <a className="btn btn-outline-secondary btn-sm" href={trafficReportCsvUrl(reportFilter)} download>
            {t('traffic.report.csv')}
          </a>
        )}
      </div>
      <ReportFilters
        filter={shown}
        errors={errors}
        canListSites={canListSites}
        // A date changed in the default period keeps the other end as answered.
        onChange={(name, value) =>
          setFilter((current) => ({
            ...current,
            ...(isDefaultPeriod && (name === 'from' || name === 'to') ? answered : {}),
            [name]: value,
          }))
        }
      />
      {!parsed.success ? null : report.isPending ? (
        <LoadingSpinner />
      ) : report.isError ? (
        !isErrorAtField && <FormErrorAlert error={toAdminQueryError(report.error)} />
      ) : (
        <ReportBody data={report.data} by={filter.by} />
      )}
    </section>
  );
}

/** The period, grouping and site; each change asks for the report again (a period the contract refuses does not). */
function ReportFilters({
  filter,
  errors,
  canListSites,
  onChange,
}: {
  filter: Filter;
  errors: FieldErrors;
  canListSites: boolean;
  onChange: (name: keyof Filter, value: string) => void;
}) {
  const { t } = useTranslation('admin');
  const bind = (name: keyof Filter) => ({
    name,
    value: filter[name],
    onChange: (value: string) => onChange(name, value),
    error: errors[name],
  });
  return (
    <Form noValidate onSubmit={(event) => event.preventDefault()} aria-label={t('traffic.report.filters')}>
      <Row className="g-2">
        <Col xs={6} md={3} lg={2}>
          <FormField {...bind('from')} label={t('traffic.report.from')} type="date" />
        </Col>
        <Col xs={6} md={3} lg={2}>
          <FormField {...bind('to')} label={t('traffic.report.to')} type="date" />
        </Col>
        <Col xs={6} md={3} lg={2}>
          <FormSelect
            {...bind('by')}
            label={t('traffic.report.groupBy')}
            options={TRAFFIC_REPORT_GROUPS.map((group) => ({ value: group, label: t(`traffic.groups.${group}`) }))}
          />
        </Col>
        {canListSites && (
          <Col xs={6} md={3} lg={2}>
            <TrafficSiteSelect {...bind('site')} placeholder={t('traffic.report.allSites')} />
          </Col>
        )}
      </Row>
    </Form>
  );
}

function ReportBody({ data, by }: { data: AdminTrafficReportResponse; by: TrafficReportGroup }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <ReportChart days={data.days} />
      {data.rows.length === 0 ? (
        <p className="text-body-secondary">{t('traffic.report.empty')}</p>
      ) : (
        <TrafficReportTable rows={data.rows} by={by} />
      )}
    </>
  );
}

/** Visits, signups and buyers per day; the canvas is hidden from screen readers, the table below has the numbers. */
function ReportChart({ days }: { days: AdminTrafficReportResponse['days'] }) {
  const { t } = useTranslation('admin');
  const chart = useMemo(() => {
    const series: DaySeries[] = [
      { label: t('traffic.report.visits'), values: days.map((day) => day.visits), color: COLORS[0]! },
      { label: t('traffic.report.signups'), values: days.map((day) => day.signups), color: COLORS[1]! },
      { label: t('traffic.report.buyers'), values: days.map((day) => day.buyers), color: COLORS[2]! },
    ];
    return { days: days.map((day) => day.day), series };
  }, [days, t]);
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <h3 className="h6">{t('traffic.report.chart')}</h3>
        <Suspense fallback={<div style={{ height: 180 }} />}>
          <DayChart days={chart.days} series={chart.series} />
        </Suspense>
        <details className="mt-2">
          <summary className="small">{t('traffic.report.perDay')}</summary>
          <DataTable
            caption={t('traffic.report.perDay')}
            className="small mb-0"
            rows={days}
            rowKey={(day) => day.day}
            columns={[
              { key: 'day', header: t('dashboard.day'), isRowHeader: true, cell: (day) => day.day },
              { key: 'visits', header: t('traffic.report.visits'), cell: (day) => day.visits },
              { key: 'signups', header: t('traffic.report.signups'), cell: (day) => day.signups },
              { key: 'buyers', header: t('traffic.report.buyers'), cell: (day) => day.buyers },
            ]}
          />
        </details>
      </Card.Body>
    </Card>
  );
}
