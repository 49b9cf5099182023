// The reports queue (moderators and admins): open, actioned or dismissed reports, oldest first, in a table with
// headers; a row opens the report beside the list (detail with content, history and the decision).
import { useState } from 'react';
import { Badge, Button, ButtonGroup, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUSES, type ReportStatus } from '@app/contracts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminReports } from '../api/reports.ts';
import { ReportDetail } from './report-detail.tsx';
import { MoreButton } from './more-button.tsx';

export function ReportsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<ReportStatus>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const reports = useAdminReports(status);
  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];

  return (
    <>
      <h1 className="h4 mb-3">{t('reports.title')}</h1>
      <ButtonGroup aria-label={t('reports.statusFilter')} className="mb-3">
        {REPORT_STATUSES.map((value) => (
          <Button
            key={value}
            variant={status === value ? 'primary' : 'outline-primary'}
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value);
              setSelected(null);
            }}
          >
            {t(`reports.status.${value}`)}
          </Button>
        ))}
      </ButtonGroup>
      <Row className="g-4">
        <Col lg={selected ? 5 : 12}>
          {reports.isPending ? (
            <LoadingSpinner />
          ) : rows.length === 0 ? (
            <p className="text-body-secondary">{t('reports.empty')}</p>
          ) : (
            <Table hover responsive size="sm" className="align-middle">
              <caption className="visually-hidden">
                {t('reports.caption', { status: t(`reports.status.${status}`) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('reports.columns.reported')}</th>
                  <th scope="col">{t('reports.columns.reason')}</th>
                  <th scope="col">{t('reports.columns.target')}</th>
                  <th scope="col">{t('reports.columns.created')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((report) => (
                  <tr key={report.id} className={selected === report.id ? 'table-active' : undefined}>
                    <td>
                      <Button
                        variant="link"
                        className="p-0"
                        aria-label={t('reports.open', { id: report.id })}
                        onClick={() => setSelected(report.id)}
                      >
                        {report.id}
                      </Button>
                    </td>
                    <td>{report.reported.name ?? '—'}</td>
                    <td>
                      <Badge bg="secondary">{t(`reasons.${report.reason}`, { ns: 'reports' })}</Badge>
                    </td>
                    <td>{t(`reports.targets.${report.target}`)}</td>
                    <td>{formatDate(report.created_at, { dateStyle: 'short', timeStyle: 'short' })}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
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
