// The member's photos, orders and reports (received and made) on the console's member page, newest first.
import { Badge, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useAdminMemberOrders, useAdminMemberPhotos, useAdminMemberReports } from '../api/members.ts';
import { MoreButton } from './more-button.tsx';

const when = (value: string) => formatDate(value, { dateStyle: 'short' });

export function MemberRecords({ id, name }: { id: number; name: string }) {
  const { t, i18n } = useTranslation('admin');
  const photos = useAdminMemberPhotos(id);
  const orders = useAdminMemberOrders(id);
  const received = useAdminMemberReports(id, 'received');
  const made = useAdminMemberReports(id, 'made');
  const orderRows = orders.data?.pages.flatMap((page) => page.orders);
  const none = <p className="small text-body-secondary mb-0">{t('member.none')}</p>;

  return (
    <>
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h6">{t('photos.title')}</h2>
          {photos.data && photos.data.photos.length === 0 && none}
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
              </li>
            ))}
          </ul>
        </Card.Body>
      </Card>
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h6">{t('payments.orders')}</h2>
          {orderRows && orderRows.length === 0
            ? none
            : orderRows && (
                <Table size="sm" responsive className="small mb-0">
                  <caption className="visually-hidden">{t('payments.orders')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">{t('payments.amount')}</th>
                      <th scope="col">{t('payments.status')}</th>
                      <th scope="col">{t('reports.columns.created')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {orderRows.map((order) => (
                      <tr key={order.id}>
                        <td>{order.id}</td>
                        <td>{formatMoney({ amount: order.amount_minor, currency: order.currency }, i18n.language)}</td>
                        <td>{order.status}</td>
                        <td>{when(order.created_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
          <MoreButton query={orders} className="mt-2" />
        </Card.Body>
      </Card>
      {(
        [
          ['received', received],
          ['made', made],
        ] as const
      ).map(([direction, query]) => {
        const rows = query.data?.pages.flatMap((page) => page.reports);
        return (
          <Card key={direction} className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h6">{t(direction === 'received' ? 'member.reportsReceived' : 'member.reportsMade')}</h2>
              {rows && rows.length === 0
                ? none
                : rows && (
                    <Table size="sm" responsive className="small mb-0">
                      <caption className="visually-hidden">
                        {t(direction === 'received' ? 'member.reportsReceived' : 'member.reportsMade')}
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">{t('reports.columns.reason')}</th>
                          <th scope="col">{direction === 'received' ? t('report.reporter') : t('report.reported')}</th>
                          <th scope="col">{t('payments.status')}</th>
                          <th scope="col">{t('reports.columns.created')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((report) => (
                          <tr key={report.id}>
                            <td>{report.id}</td>
                            <td>{t(`reasons.${report.reason}`, { ns: 'reports' })}</td>
                            <td>{(direction === 'received' ? report.reporter.name : report.reported.name) ?? '—'}</td>
                            <td>{t(`reports.status.${report.status}`)}</td>
                            <td>{when(report.created_at)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </Table>
                  )}
              <MoreButton query={query} className="mt-2" />
            </Card.Body>
          </Card>
        );
      })}
    </>
  );
}
