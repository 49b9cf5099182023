// The reports queue (moderators and admins): open, actioned or dismissed reports, oldest first, in a table with
// headers; a row opens the report beside the list (detail with content, history and the decision).
import { useState } from 'react';
import { Badge, Button, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUSES, type AdminReport, type ReportStatus } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminReports } from '../api/admin-reports.ts';
import { ReportDetail } from './report-detail.tsx';
import { MoreButton } from './more-button.tsx';
import { StatusFilter } from './status-filter.tsx';

export function ReportsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<ReportStatus>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const reports = useAdminReports(status);
  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];

  return (
    <>
      <h1 className="h4 mb-3">{t('reports.title')}</h1>
      <StatusFilter
        statuses={REPORT_STATUSES}
        status={status}
        labelOf={(value) => t(`reports.status.${value}`)}
        onChange={(value) => {
          setStatus(value);
          setSelected(null);
        }}
      />
      <Row className="g-4">
        <Col lg={selected ? 5 : 12}>
          {reports.isPending ? (
            <LoadingSpinner />
          ) : rows.length === 0 ? (
            <p className="text-body-secondary">{t('reports.empty')}</p>
          ) : (
            <ReportsTable status={status} rows={rows} selected={selected} onSelect={setSelected} />
          )}
          <MoreButton query={reports} />
        </Col>
        {selected !== null && (
          <Col lg={7}>
            <ReportDetail key={selected} id={selected} onClose={() => setSelected(null)} />
          </Col>
        )}
      </Row>
    </>
  );
}

function ReportsTable({
  status,
  rows,
  selected,
  onSelect,
}: {
  status: ReportStatus;
  rows: AdminReport[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <DataTable
      caption={t('reports.caption', { status: t(`reports.status.${status}`) })}
      isHover
      className="align-middle"
      rows={rows}
      rowKey={(report) => report.id}
      isRowActive={(report) => report.id === selected}
      columns={[
        {
          key: 'id',
          header: '#',
          cell: (report) => (
            <Button
              variant="link"
              className="p-0"
              aria-label={t('reports.open', { id: report.id })}
              onClick={() => onSelect(report.id)}
            >
              {report.id}
            </Button>
          ),
        },
        {
          key: 'reported',
          header: t('reports.columns.reported'),
          cell: (report) => report.reported.name ?? '—',
        },
        {
          key: 'reason',
          header: t('reports.columns.reason'),
          cell: (report) => <Badge bg="secondary">{t(`reasons.${report.reason}`, { ns: 'reports' })}</Badge>,
        },
        {
          key: 'target',
          header: t('reports.columns.target'),
          cell: (report) => t(`reports.targets.${report.target}`),
        },
        {
          key: 'created',
          header: t('reports.columns.created'),
          cell: (report) => formatDate(report.created_at, { dateStyle: 'short', timeStyle: 'short' }),
        },
      ]}
    />
  );
}
