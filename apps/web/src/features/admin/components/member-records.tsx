// The member's photos, orders and reports (received and made) on the console's member page, newest first.
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useAdminMemberOrders } from '../api/admin-member-orders.ts';
import { useAdminMemberPhotos } from '../api/admin-member-photos.ts';
import { useAdminMemberReports } from '../api/admin-member-reports.ts';
import { MoreButton } from './more-button.tsx';
import { ScreeningBadge } from './screening-badge.tsx';

export function MemberRecords({ id, name }: { id: number; name: string }) {
  return (
    <>
      <PhotosCard id={id} name={name} />
      <OrdersCard id={id} />
      <ReportsCard id={id} direction="received" />
      <ReportsCard id={id} direction="made" />
    </>
  );
}

function None() {
  const { t } = useTranslation('admin');
  return <p className="small text-body-secondary mb-0">{t('member.none')}</p>;
}

function PhotosCard({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('admin');
  const photos = useAdminMemberPhotos(id);
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">{t('photos.title')}</h2>
        {photos.data && photos.data.photos.length === 0 && <None />}
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
          {photos.data?.photos.map((photo) => (
            <li key={photo.id} className="text-center small">
              <img
                src={photo.thumb_url}
                alt={t('photos.alt', { name })}
                width={88}
                height={88}
                className="rounded object-fit-cover d-block"
              />
              {photo.is_private && <Badge bg="secondary">{t('photos.private')}</Badge>}{' '}
              {photo.open_reports > 0 && (
                <Badge bg="danger">{t('photos.openReports', { count: photo.open_reports })}</Badge>
              )}
              <div>
                <ScreeningBadge screening={photo.screening} />
              </div>
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}

function OrdersCard({ id }: { id: number }) {
  const { t, i18n } = useTranslation('admin');
  const orders = useAdminMemberOrders(id);
  const rows = orders.data?.pages.flatMap((page) => page.orders);
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">{t('payments.orders')}</h2>
        {rows && rows.length === 0 ? (
          <None />
        ) : (
          rows && (
            <DataTable
              caption={t('payments.orders')}
              className="small mb-0"
              rows={rows}
              rowKey={(order) => order.id}
              columns={[
                { key: 'id', header: '#', cell: (order) => order.id },
                {
                  key: 'amount',
                  header: t('payments.amount'),
                  cell: (order) => formatMoney({ amount: order.amount_minor, currency: order.currency }, i18n.language),
                },
                { key: 'status', header: t('payments.status'), cell: (order) => order.status },
                {
                  key: 'created',
                  header: t('reports.columns.created'),
                  cell: (order) => formatDate(order.created_at, { dateStyle: 'short' }),
                },
              ]}
            />
          )
        )}
        <MoreButton query={orders} className="mt-2" />
      </Card.Body>
    </Card>
  );
}

function ReportsCard({ id, direction }: { id: number; direction: 'received' | 'made' }) {
  const { t } = useTranslation('admin');
  const query = useAdminMemberReports(id, direction);
  const rows = query.data?.pages.flatMap((page) => page.reports);
  const title = t(direction === 'received' ? 'member.reportsReceived' : 'member.reportsMade');
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">{title}</h2>
        {rows && rows.length === 0 ? (
          <None />
        ) : (
          rows && (
            <DataTable
              caption={title}
              className="small mb-0"
              rows={rows}
              rowKey={(report) => report.id}
              columns={[
                { key: 'id', header: '#', cell: (report) => report.id },
                {
                  key: 'reason',
                  header: t('reports.columns.reason'),
                  cell: (report) => t(`reasons.${report.reason}`, { ns: 'reports' }),
                },
                {
                  key: 'other',
                  header: direction === 'received' ? t('report.reporter') : t('report.reported'),
                  cell: (report) => (direction === 'received' ? report.reporter.name : report.reported.name) ?? '—',
                },
                {
                  key: 'status',
                  header: t('payments.status'),
                  cell: (report) => t(`reports.status.${report.status}`),
                },
                {
                  key: 'created',
                  header: t('reports.columns.created'),
                  cell: (report) => formatDate(report.created_at, { dateStyle: 'short' }),
                },
              ]}
            />
          )
        )}
        <MoreButton query={query} className="mt-2" />
      </Card.Body>
    </Card>
  );
}
