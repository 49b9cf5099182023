// Payments (every staff role reads; admins refund and see failed webhooks): orders by status, one order with the
// provider's own state, refund of its unused credits through the provider (confirmed first, with the money and credits).
import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, staffMay, type AdminOrder, type Staff } from '@app/contracts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useAdminOrder } from '../api/admin-order.ts';
import { useAdminOrders } from '../api/admin-orders.ts';
import { useFailedWebhooks } from '../api/failed-webhooks.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { type OrderStatus } from '../api/order-status.ts';
import { toAdminFormError } from '../lib/admin-errors.ts';
import { MoreButton } from './more-button.tsx';

export function PaymentsPage({ staff }: { staff: Staff }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [selected, setSelected] = useState<number | null>(null);
  const orders = useAdminOrders(status);
  const isAdmin = staffMay(staff.role, 'GET /api/admin/webhooks');
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <>
      <h1 className="h4 mb-3">{t('payments.title')}</h1>
      <StatusFilter status={status} onChange={(next) => (setStatus(next), setSelected(null))} />
      <Row className="g-4">
        <Col lg={selected ? 7 : 12}>
          {orders.isPending ? (
            <LoadingSpinner />
          ) : rows.length === 0 ? (
            <p className="text-body-secondary">{t('payments.empty')}</p>
          ) : (
            <OrdersTable rows={rows} selected={selected} onSelect={setSelected} />
          )}
          <MoreButton query={orders} />
        </Col>
        {selected !== null && (
          <Col lg={5}>
            <OrderDetail
              key={selected}
              id={selected}
              canRefund={staffMay(staff.role, 'POST /api/admin/orders/:id/refund')}
              onClose={() => setSelected(null)}
            />
          </Col>
        )}
      </Row>
      {isAdmin && <FailedWebhooks />}
    </>
  );
}

function StatusFilter({
  status,
  onChange,
}: {
  status: OrderStatus | '';
  onChange: (status: OrderStatus | '') => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Form.Group controlId="orders-status" className="mb-3" style={{ maxWidth: 260 }}>
      <Form.Label>{t('payments.status')}</Form.Label>
      <Form.Select value={status} onChange={(event) => onChange(event.target.value as OrderStatus | '')}>
        <option value="">{t('payments.allStatuses')}</option>
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

function OrdersTable({
  rows,
  selected,
  onSelect,
}: {
  rows: AdminOrder[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <DataTable
      caption={t('payments.orders')}
      isHover
      className="align-middle"
      rows={rows}
      rowKey={(order) => order.id}
      isRowActive={(order) => order.id === selected}
      columns={[
        {
          key: 'id',
          header: '#',
          cell: (order) => (
            <Button
              variant="link"
              className="p-0"
              aria-label={t('payments.open', { id: order.id })}
              onClick={() => onSelect(order.id)}
            >
              {order.id}
            </Button>
          ),
        },
        { key: 'email', header: t('members.columns.email'), cell: (order) => order.email ?? '—' },
        {
          key: 'amount',
          header: t('payments.amount'),
          cell: (order) => formatMoney({ amount: order.amount_minor, currency: order.currency }, i18n.language),
        },
        {
          key: 'status',
          header: t('payments.status'),
          cell: (order) => (
            <Badge bg={order.status === 'paid' ? 'success' : order.status === 'refunded' ? 'info' : 'secondary'}>
              {order.status}
            </Badge>
          ),
        },
        {
          key: 'created',
          header: t('reports.columns.created'),
          cell: (order) => formatDate(order.created_at, { dateStyle: 'short', timeStyle: 'short' }),
        },
      ]}
    />
  );
}

/** Admins only (rendered for them alone): webhooks the server could not apply. */
function FailedWebhooks() {
  const { t } = useTranslation('admin');
  const webhooks = useFailedWebhooks(true);
  const hooks = webhooks.data?.pages.flatMap((page) => page.webhooks) ?? [];
  return (
    <section aria-labelledby="webhooks-title" className="mt-4">
      <h2 id="webhooks-title" className="h5">
        {t('payments.webhooks')}
      </h2>
      {hooks.length === 0 ? (
        <p className="text-body-secondary small">{t('payments.noWebhooks')}</p>
      ) : (
        <DataTable
          caption={t('payments.webhooks')}
          className="small"
          rows={hooks}
          rowKey={(hook) => hook.id}
          columns={[
            {
              key: 'when',
              header: t('audit.when'),
              cell: (hook) => formatDate(hook.received_at, { dateStyle: 'short', timeStyle: 'short' }),
            },
            { key: 'provider', header: t('payments.provider'), cell: (hook) => hook.provider },
            {
              key: 'payment',
              header: t('payments.paymentId'),
              cell: (hook) => <code>{hook.provider_payment_id}</code>,
            },
            {
              key: 'outcome',
              header: t('payments.outcome'),
              cell: (hook) => (
                <>
                  {hook.outcome}
                  {hook.error && <span className="d-block text-danger">{hook.error}</span>}
                </>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

function OrderDetail({ id, canRefund, onClose }: { id: number; canRefund: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const query = useAdminOrder(id);
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <FormErrorAlert error={toAdminFormError(query.error)} />;
  const order = query.data.order;
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <div className="d-flex justify-content-between gap-2 mb-2">
          <h2 className="h5 mb-0">{t('payments.order', { id: order.id })}</h2>
          <Button variant="outline-secondary" size="sm" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
        <dl className="row small">
          <dt className="col-5">{t('payments.amount')}</dt>
          <dd className="col-7">
            {formatMoney({ amount: order.amount_minor, currency: order.currency }, i18n.language)} ·{' '}
            {t('payments.credits', { count: order.credits })}
          </dd>
          <dt className="col-5">{t('payments.method')}</dt>
          <dd className="col-7">
            {order.method} ({order.country})
          </dd>
          <dt className="col-5">{t('payments.status')}</dt>
          <dd className="col-7">{order.status}</dd>
          <dt className="col-5">{t('payments.providerState')}</dt>
          <dd className="col-7">{order.provider_status ?? '—'}</dd>
          <dt className="col-5">{t('payments.paidAt')}</dt>
          <dd className="col-7">
            {order.paid_at ? formatDate(order.paid_at, { dateStyle: 'short', timeStyle: 'short' }) : '—'}
          </dd>
          {order.discount_code && (
            <>
              <dt className="col-5">{t('payments.discount')}</dt>
              <dd className="col-7">
                {order.discount_code} (−{order.discount_percentage}%)
              </dd>
            </>
          )}
          {order.refunded_at && (
            <>
              <dt className="col-5">{t('payments.refunded')}</dt>
              <dd className="col-7">
                {formatMoney({ amount: order.refunded_minor, currency: order.currency }, i18n.language)} ·{' '}
                {t('payments.credits', { count: order.refunded_credits })} ·{' '}
                {formatDate(order.refunded_at, { dateStyle: 'short', timeStyle: 'short' })}
              </dd>
            </>
          )}
        </dl>
        <RefundAction order={order} canRefund={canRefund} />
      </Card.Body>
    </Card>
  );
}

/**
 * Admins: refund the order's unused credits, after a confirmation that says how much money goes back and how many
 * credits leave the member's balance (the server's preview); the result says what was refunded.
 */
function RefundAction({ order, canRefund }: { order: AdminOrder; canRefund: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const refund = useRefundOrder(order.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, i18n.language);
  const preview = order.refund_preview;
  const hasCredits = preview !== null && preview.credits > 0;
  return (
    <>
      <FormErrorAlert error={refund.error ? toAdminFormError(refund.error) : null} />
      {refund.isSuccess && (
        <Alert variant="success" className="small" role="status">
          {t('payments.refundResult', {
            amount: money(order.refunded_minor),
            credits: t('payments.credits', { count: order.refunded_credits }),
          })}
        </Alert>
      )}
      {canRefund && order.status === 'paid' && !order.refunded_at && (
        <Button variant="outline-danger" disabled={refund.isPending} onClick={() => setIsConfirming(true)}>
          {refund.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('payments.refund')}
        </Button>
      )}
      <ConfirmModal
        isOpen={isConfirming}
        title={t('confirm.refund.title', { id: order.id })}
        confirmLabel={t('confirm.refund.confirm')}
        isBusy={refund.isPending}
        isConfirmDisabled={!hasCredits}
        onConfirm={() => {
          setIsConfirming(false);
          refund.mutate();
        }}
        onCancel={() => setIsConfirming(false)}
      >
        <p className="mb-0">
          {hasCredits
            ? t('confirm.refund.body', {
                id: order.id,
                amount: money(preview.amount_minor),
                total: money(order.amount_minor),
                email: order.email ?? '—',
                credits: t('payments.credits', { count: preview.credits }),
              })
            : t('confirm.refund.nothing')}
        </p>
      </ConfirmModal>
    </>
  );
}
