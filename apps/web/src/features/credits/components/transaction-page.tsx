// /transactions/{id}: the payment status after the checkout (SPEC 2 and 4): loading, pending (asks again every 2 s),
// completed (credits added, a toast) or failed / cancelled (try another method). Without an id: the member's orders.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Container, Spinner, Table, Toast, ToastContainer } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Order, OrderStatus } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { Skeleton, SkeletonLine } from '../../../components/skeleton.tsx';
import { MembersOnly } from '../../../components/members-only.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { userKeys } from '../../../lib/session/get-user.ts';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { isOrderSettling, useOrder } from '../api/get-order.ts';
import { useOrders } from '../api/get-orders.ts';
import { creditsKeys } from '../api/get-credits.ts';
import { welcomeCodeKeys } from '../api/get-welcome-code.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { formatMoney } from '../../../lib/money.ts';
import { orderBundleOf } from '../lib/payment-store.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CheckIcon, CoinsIcon } from './credits-icons.tsx';
import '../credits.css';
import { formatDate } from '../../../lib/i18n.ts';

/** A payment this recent was just made: the completed page greets it with a toast. */
const FRESH_PAYMENT_MS = 10 * 60_000;

const STATUS_VARIANTS: Record<OrderStatus, string> = {
  open: 'secondary',
  pending: 'info',
  paid: 'success',
  refunded: 'light',
  failed: 'danger',
  canceled: 'danger',
  expired: 'danger',
};

function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('payments');
  return (
    <Badge
      bg={STATUS_VARIANTS[status]}
      text={status === 'pending' || status === 'refunded' ? 'dark' : undefined}
      pill
      className={status === 'refunded' ? 'border' : undefined}
    >
      {t(`transaction.statuses.${status}`)}
    </Badge>
  );
}

function methodName(t: (key: string) => string, method: string): string {
  return t(`paymentMethods.${method}`) || method;
}

function OrderDetails({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const date = formatDate(order.paid_at ?? order.created_at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="order-details-title" className="order-details mt-4">
      <h2 id="order-details-title" className="h6">
        {t('transaction.details')}
      </h2>
      <dl className="order-details-list row mb-0 small">
        <dt className="col-5 col-sm-4">{t('transaction.order')}</dt>
        <dd className="col-7 col-sm-8">{order.id}</dd>
        <dt className="col-5 col-sm-4">{t('transaction.date')}</dt>
        <dd className="col-7 col-sm-8">{date}</dd>
        <dt className="col-5 col-sm-4">{t('transaction.credits')}</dt>
        <dd className="col-7 col-sm-8">{order.credits}</dd>
        <dt className="col-5 col-sm-4">{t('transaction.method')}</dt>
        <dd className="col-7 col-sm-8">{methodName(tCommon, order.method)}</dd>
        {order.discount_code && (
          <>
            <dt className="col-5 col-sm-4">{t('transaction.discount')}</dt>
            <dd className="col-7 col-sm-8">
              {t('transaction.discountValue', { percentage: order.discount_percentage, code: order.discount_code })}
            </dd>
          </>
        )}
        {order.transaction_costs > 0 && (
          <>
            <dt className="col-5 col-sm-4">{t('transaction.transactionCosts')}</dt>
            <dd className="col-7 col-sm-8">
              {formatMoney({ amount: order.transaction_costs, currency: order.amount.currency }, i18n.language)}
            </dd>
          </>
        )}
        <dt className="col-5 col-sm-4">{t('transaction.amount')}</dt>
        <dd className="col-7 col-sm-8 fw-semibold">{formatMoney(order.amount, i18n.language)}</dd>
      </dl>
    </section>
  );
}

function CompletedToast() {
  const { t } = useTranslation('payments');
  const [isShown, setIsShown] = useState(true);
  return (
    <ToastContainer className="credits-toast p-3" containerPosition="fixed">
      <Toast show={isShown} onClose={() => setIsShown(false)} autohide delay={6000} bg="success">
        <Toast.Header closeLabel={t('welcome.close')}>
          <strong className="me-auto">{t('transaction.toastTitle')}</strong>
        </Toast.Header>
        <Toast.Body className="text-bg-success">{t('transaction.toast')}</Toast.Body>
      </Toast>
    </ToastContainer>
  );
}

function RefundSection({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('payments');
  const refund = useRefundOrder();
  const [isConfirming, setIsConfirming] = useState(false);
  const [openedAt] = useState(() => Date.now());
  if (order.refunded_credits > 0) {
    return (
      <Alert variant="info" className="mt-4 text-start" data-testid="refund-done">
        {t('refund.done', {
          count: order.refunded_credits,
          amount: formatMoney({ amount: order.refunded_amount, currency: order.amount.currency }, i18n.language),
        })}
      </Alert>
    );
  }
  const until = order.refundable_until ? Date.parse(order.refundable_until) : Number.NaN;
  if (!Number.isFinite(until) || until <= openedAt) return null;
  return (
    <section aria-labelledby="refund-title" className="refund-section mt-4 text-start">
      <h2 id="refund-title" className="h6">
        {t('refund.title')}
      </h2>
      <p className="small mb-2">{t('refund.available', { date: formatDate(until) })}</p>
      {refund.isError && (
        <Alert variant="danger" role="alert">
          {translateError(t, toFormErrors(refund.error).form ?? { code: 'error_generic' })}
        </Alert>
      )}
      <Button variant="outline-secondary" size="sm" onClick={() => setIsConfirming(true)}>
        {t('refund.button')}
      </Button>
      <ConfirmModal
        isOpen={isConfirming}
        title={t('refund.confirmTitle')}
        confirmLabel={t('refund.confirm')}
        isBusy={refund.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => refund.mutate(order.id, { onSettled: () => setIsConfirming(false) })}
      >
        {t('refund.confirmText')}
      </ConfirmModal>
    </section>
  );
}

/** An open or pending payment: the way back to the provider's checkout, or another method, while it settles. */
function SettlingState({ order, retryHref }: { order: Order; retryHref: string }) {
  const { t } = useTranslation('payments');
  return (
    <div className="transaction-state text-center py-4" data-status={order.status}>
      <div role="status">
        <Spinner aria-hidden="true" className="mb-3" />
        <h2 className="h4">{order.status === 'open' ? t('transaction.open') : t('transaction.pending')}</h2>
      </div>
      <p className="text-body-secondary">
        {order.status === 'open' ? t('transaction.openHelp') : t('transaction.pendingHelp')}
      </p>
      {order.status === 'open' && (
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {order.checkout_url && (
            // The provider's checkout, where the open payment can be finished (its discount stays reserved meanwhile).
            <a href={order.checkout_url} className="btn btn-primary">
              {t('transaction.continuePayment')}
            </a>
          )}
          <Link to={retryHref} className="btn btn-outline-primary">
            {t('transaction.tryAnother')}
          </Link>
        </div>
      )}
      <OrderDetails order={order} />
    </div>
  );
}

/** A paid order: its credits, where to go next, the order and its refund. */
function PaidState({ order, isFresh }: { order: Order; isFresh: boolean }) {
  const { t } = useTranslation('payments');
  return (
    <div className="transaction-state text-center py-4" data-status="paid">
      {isFresh && <CompletedToast />}
      <div className="transaction-icon transaction-icon-success mx-auto mb-3">
        <CheckIcon size={32} />
      </div>
      <div role="status">
        <h2 className="h4">{t('transaction.completed')}</h2>
        <p>{t('transaction.creditsAdded', { count: order.credits })}</p>
      </div>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to={paths.chats.getHref()} className="btn btn-primary">
          {t('transaction.toChats')}
        </Link>
        <Link to={paths.members.getHref()} className="btn btn-outline-primary">
          {t('transaction.toMembers')}
        </Link>
      </div>
      <OrderDetails order={order} />
      <RefundSection order={order} />
    </div>
  );
}

function RefundedState({ order }: { order: Order }) {
  const { t } = useTranslation('payments');
  return (
    <div className="transaction-state text-center py-4" data-status="refunded">
      <div role="status">
        <h2 className="h4">{t('transaction.refundedTitle')}</h2>
      </div>
      <RefundSection order={order} />
      <OrderDetails order={order} />
    </div>
  );
}

function OrderStatusView({ orderId }: { orderId: number }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const order = useOrder(orderId);
  const status = order.data?.status;
  const paidAt = order.data?.paid_at ?? null;
  const [openedAt] = useState(() => Date.now());
  // The toast greets a payment just made, not an old order opened from the list.
  const isFreshlyPaid = status === 'paid' && paidAt !== null && openedAt - Date.parse(paidAt) < FRESH_PAYMENT_MS;

  useEffect(() => {
    if (status !== 'paid') return;
    // Credits and premium changed on the server: the navigation, the credits page and the bonus follow.
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    queryClient.removeQueries({ queryKey: welcomeCodeKeys.all });
  }, [status, queryClient]);

  if (order.isPending) {
    return (
      <div className="text-center py-5" role="status">
        <Spinner aria-hidden="true" className="mb-3" />
        <p className="mb-0">{t('transaction.loading')}</p>
      </div>
    );
  }
  if (order.isError) {
    const error = toFormErrors(order.error).form;
    return (
      <Alert variant="danger">
        {error?.code === 'order_not_found'
          ? t('transaction.notFound')
          : translateError(t, error ?? { code: 'error_generic' })}
      </Alert>
    );
  }
  const data = order.data;
  const bundleId = data.bundle_id ?? orderBundleOf(data.id);
  const retryHref = bundleId ? paths.creditsIdPaymentmethod.getHref(bundleId) : paths.credits.getHref();

  if (isOrderSettling(data)) return <SettlingState order={data} retryHref={retryHref} />;
  if (data.status === 'paid') return <PaidState order={data} isFresh={isFreshlyPaid} />;
  // Its unused credits went back: no "credits added", no toast; what was refunded, and the order.
  if (data.status === 'refunded') return <RefundedState order={data} />;
  if (data.is_repeat && data.status === 'failed') {
    // SPEC 8: the saved card was declined.
    return (
      <FailedState order={data} help={t('transaction.cardFailed')}>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link to={paths.creditsRepeatOrder.getHref()} className="btn btn-primary">
            {t('transaction.tryAgain')}
          </Link>
          <Link
            to={bundleId ? paths.creditsIdPaymentmethod.getHref(bundleId, 'paypal') : paths.credits.getHref()}
            className="btn btn-outline-primary"
          >
            {t('transaction.usePaypal')}
          </Link>
        </div>
      </FailedState>
    );
  }

  return (
    <FailedState order={data} help={t('transaction.failedHelp')}>
      <Link to={retryHref} className="btn btn-primary">
        {t('transaction.tryAnother')}
      </Link>
    </FailedState>
  );
}

/** A failed, cancelled or expired payment: what happened, what to do next, and the order. */
function FailedState({ order, help, children }: { order: Order; help: string; children: ReactNode }) {
  const { t } = useTranslation('payments');
  return (
    <div className="transaction-state text-center py-4" data-status={order.status}>
      <Alert variant="danger" className="text-start" role="alert">
        <Alert.Heading as="h2" className="h5">
          {t('transaction.failed')}
        </Alert.Heading>
        <p className="mb-0">{help}</p>
      </Alert>
      {children}
      <OrderDetails order={order} />
    </div>
  );
}

/** The orders table's shape while it loads: a header and five rows. */
function OrdersSkeleton() {
  const { t } = useTranslation('payments');
  return (
    <Skeleton label={t('transaction.listLoading')} testId="orders-skeleton">
      <SkeletonLine width={100} className="mb-3 orders-skeleton-row" />
      {Array.from({ length: 5 }, (_, index) => (
        <span key={index} className="d-flex gap-3 py-2 border-bottom orders-skeleton-row">
          <SkeletonLine width={25} />
          <SkeletonLine width={15} />
          <SkeletonLine width={20} />
          <SkeletonLine width={20} />
        </span>
      ))}
    </Skeleton>
  );
}

function OrdersList() {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const orders = useOrders();
  if (orders.isPending) return <OrdersSkeleton />;
  if (orders.isError)
    return (
      <Alert variant="danger">{translateError(t, toFormErrors(orders.error).form ?? { code: 'error_generic' })}</Alert>
    );
  if (orders.data.length === 0) {
    return (
      <div className="orders-empty text-center py-5">
        <span className="repeat-order-icon mb-3">
          <CoinsIcon size={22} />
        </span>
        <p className="text-body-secondary">{t('transaction.empty')}</p>
        <Link to={paths.credits.getHref()} className="btn btn-primary">
          {t('transaction.buyCredits')}
        </Link>
      </div>
    );
  }
  return (
    <Table responsive hover className="orders-table align-middle">
      <thead>
        <tr>
          <th scope="col">{t('transaction.date')}</th>
          <th scope="col">{t('transaction.credits')}</th>
          <th scope="col">{t('transaction.amount')}</th>
          <th scope="col" className="d-none d-sm-table-cell">
            {t('transaction.method')}
          </th>
          <th scope="col">{t('transaction.status')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.data.map((order) => (
          <tr key={order.id}>
            <td>
              {/* The name starts with the date that is seen ("Mar 1, 2026: View order 2"), so voice users can say it. */}
              <Link to={paths.transactions.getHref(order.id)}>
                {formatDate(order.created_at, { dateStyle: 'medium' })}
                <span className="visually-hidden">: {t('transaction.view', { id: order.id })}</span>
              </Link>
            </td>
            <td>{order.credits}</td>
            <td className="text-nowrap">{formatMoney(order.amount, i18n.language)}</td>
            <td className="d-none d-sm-table-cell">{methodName(tCommon, order.method)}</td>
            <td>
              <StatusBadge status={order.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function TransactionPage() {
  const { t } = useTranslation('payments');
  const { id } = useParams();
  const orderId = id === undefined ? null : Number(id);
  const title = orderId === null ? t('transaction.listTitle') : t('transaction.orderNumber', { id: orderId });
  return (
    <Container className="transaction-page py-4">
      <PageTitle title={orderId === null ? t('transaction.listTitle') : t('transaction.title')} />
      <h1 className="mb-3">{title}</h1>
      <MembersOnly>
        {() =>
          orderId === null ? (
            <OrdersList />
          ) : Number.isInteger(orderId) && orderId > 0 ? (
            <div className="transaction-card mx-auto">
              <OrderStatusView orderId={orderId} />
            </div>
          ) : (
            <Alert variant="danger">{t('transaction.notFound')}</Alert>
          )
        }
      </MembersOnly>
    </Container>
  );
}
