// /credits/{id}/{paymentmethod?}: the chosen bundle, the methods offered for the payment country, each with its mark and
// its transaction costs shown before paying; choosing one creates the order (priced on the server) and opens the checkout.
import { useEffect, useRef, type RefObject } from 'react';
import { Alert, Col, Container, Row, Spinner } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type Bundle, type CreditsResponse, type PaymentMethod } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MembersOnly } from '../../../components/members-only.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useCredits } from '../api/get-credits.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { directDebitHref } from '../lib/direct-debit.ts';
import { formatMoney } from '../../../lib/money.ts';
import { offeredMethods } from '../lib/offered-methods.ts';
import { useEnteredDiscountCode } from '../lib/payment-store.ts';
import { BundleCard } from './bundle-card.tsx';
import { DiscountSummary } from './discount-summary.tsx';
import { PaymentCountrySelect } from './payment-country-select.tsx';
import { PaymentMethodMark } from './payment-method-mark.tsx';
import { OpenOrderLink } from './open-order-link.tsx';
import { PaymentModeNotice } from './payment-mode-notice.tsx';
import '../credits.css';
import { InstalledAppBack } from '../../../components/installed-app-back.tsx';

function isPaymentMethod(value: string | undefined): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value ?? '');
}

type MethodListProps = {
  data: CreditsResponse;
  bundle: Bundle;
  preselected: PaymentMethod | null;
  onChoose: (method: PaymentMethod) => void;
  pendingMethod: PaymentMethod | null;
};

/** The methods of `offeredMethods` (the list /credits shows too): checkout methods as buttons, direct debit a link. */
function MethodList({ data, bundle, preselected, onChoose, pendingMethod }: MethodListProps) {
  const { t } = useTranslation('payments');
  const preselectedRef = useRef<HTMLButtonElement>(null);
  useEffect(() => preselectedRef.current?.focus(), []);
  const methods = offeredMethods(data);
  if (methods.length === 0) return <Alert variant="warning">{t('methods.none')}</Alert>;
  return (
    <ul className="method-list list-unstyled d-grid gap-2" aria-labelledby="method-list-title">
      {methods.map((offered) => (
        <li key={offered.method}>
          {offered.kind === 'direct_debit' ? (
            <DirectDebitOption bundle={bundle} preselected={preselected} pendingMethod={pendingMethod} />
          ) : (
            <CheckoutOption
              data={data}
              bundle={bundle}
              method={offered.method}
              costs={offered.transaction_costs}
              buttonRef={offered.method === preselected ? preselectedRef : undefined}
              isSelected={offered.method === preselected}
              pendingMethod={pendingMethod}
              onChoose={onChoose}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function CheckoutOption({
  data,
  bundle,
  method,
  costs,
  buttonRef,
  isSelected,
  pendingMethod,
  onChoose,
}: {
  data: CreditsResponse;
  bundle: Bundle;
  method: PaymentMethod;
  costs: number;
  buttonRef: RefObject<HTMLButtonElement | null> | undefined;
  isSelected: boolean;
  pendingMethod: PaymentMethod | null;
  onChoose: (method: PaymentMethod) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const isDiscounted = bundle.final_price.amount < bundle.price.amount;
  // Shown before paying; the server prices the order itself.
  const total = formatMoney(
    { amount: bundle.final_price.amount + costs, currency: bundle.final_price.currency },
    i18n.language,
  );
  const isPending = pendingMethod === method;
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`method-option btn btn-light w-100 d-flex align-items-center gap-3 text-start ${isSelected ? 'method-option-selected' : ''}`}
      onClick={() => onChoose(method)}
      disabled={pendingMethod !== null}
      aria-busy={isPending || undefined}
      data-method={method}
    >
      <PaymentMethodMark method={method} />
      <span className="method-text flex-grow-1">
        <span className="d-block fw-semibold">{tCommon(`paymentMethods.${method}`)}</span>
        <span className="d-block small text-body-secondary">
          {costs > 0
            ? t('methods.costs', {
                price: formatMoney({ amount: costs, currency: bundle.final_price.currency }, i18n.language),
              })
            : t('methods.noCosts')}
          {isDiscounted && data.discount && (
            <span className="d-none d-sm-inline">
              {' '}
              · {t('methods.discountApplied', { percentage: data.discount.value_percentage })}
            </span>
          )}
        </span>
      </span>
      <span className="method-total fw-bold text-nowrap">{t('methods.total', { price: total })}</span>
      {isPending && <Spinner size="sm" aria-hidden="true" />}
    </button>
  );
}

/** SEPA direct debit has its own page (/directdebit, with the SMS code) instead of a checkout. */
function DirectDebitOption({
  bundle,
  preselected,
  pendingMethod,
}: {
  bundle: Bundle;
  preselected: PaymentMethod | null;
  pendingMethod: PaymentMethod | null;
}) {
  const { t, i18n } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  return (
    <Link
      to={directDebitHref(bundle.id)}
      className={`method-option btn btn-light w-100 d-flex align-items-center gap-3 text-start ${preselected === 'sdd' ? 'method-option-selected' : ''} ${pendingMethod !== null ? 'disabled' : ''}`}
      aria-disabled={pendingMethod !== null || undefined}
      data-method="sdd"
    >
      <PaymentMethodMark method="sdd" />
      <span className="method-text flex-grow-1">
        <span className="d-block fw-semibold">{tCommon('paymentMethods.sdd')}</span>
        <span className="d-block small text-body-secondary">{t('directDebit.methodHint')}</span>
      </span>
      <span className="method-total fw-bold text-nowrap">
        {t('methods.total', { price: formatMoney(bundle.final_price, i18n.language) })}
      </span>
    </Link>
  );
}

/**
 * Why the order was refused; a discount the member's own unfinished order holds ("Code already used") links to that
 * order, where its payment can be continued.
 */
function OrderError({ error }: { error: unknown }) {
  const { t } = useTranslation('payments');
  const formError = toFormErrors(error).form ?? { code: 'error_generic' };
  return (
    <Alert variant="danger" role="alert">
      {translateError(t, formError)}
      <OpenOrderLink error={formError} className="alert-link" />
    </Alert>
  );
}

function PaymentMethodContent({ bundleId, preselected }: { bundleId: number; preselected: PaymentMethod | null }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const credits = useCredits();
  const enteredCode = useEnteredDiscountCode();
  const createOrder = useCreateOrder();

  if (credits.isPending) return <LoadingSpinner />;
  if (credits.isError)
    return (
      <Alert variant="danger">{translateError(t, toFormErrors(credits.error).form ?? { code: 'error_generic' })}</Alert>
    );
  const data = credits.data;
  const bundle = data.bundles.find((candidate) => candidate.id === bundleId);

  const choose = (method: PaymentMethod) => {
    if (!bundle) return;
    // Back from the checkout (browser back) lands on this page with the method marked.
    void navigate(paths.creditsIdPaymentmethod.getHref(bundle.id, method), { replace: true });
    // The member's own code goes along only while it is the discount that applies; the server checks it again.
    const discountCode =
      enteredCode && data.discount?.source === 'code' && bundle.final_price.amount < bundle.price.amount
        ? enteredCode
        : undefined;
    createOrder.mutate({
      bundle_id: bundle.id,
      method,
      country: data.country,
      ...(discountCode ? { discount_code: discountCode } : {}),
    });
  };
  const isLeaving = createOrder.isPending || createOrder.isSuccess;

  return (
    <Row className="g-4">
      <Col lg={4}>
        <h2 className="h5">{t('methods.bundleLabel')}</h2>
        {bundle ? (
          <div className="method-bundle mt-3">
            <BundleCard bundle={bundle} isSelected headingLevel={3} />
          </div>
        ) : (
          <Alert variant="warning">{t('methods.bundleNotFound')}</Alert>
        )}
        <p className="mt-2">
          <Link to={paths.credits.getHref()}>{t('methods.changeBundle')}</Link>
        </p>
        <PaymentCountrySelect country={data.country} />
      </Col>
      <Col lg={8}>
        <PaymentModeNotice data={data} />
        <DiscountSummary
          discount={bundle && bundle.final_price.amount < bundle.price.amount ? data.discount : null}
          enteredCode={enteredCode}
        />
        <h2 id="method-list-title" className="h5">
          {t('methods.listLabel')}
        </h2>
        {createOrder.isError && <OrderError error={createOrder.error} />}
        {isLeaving && (
          <p role="status" className="text-body-secondary">
            {t('methods.redirecting')}
          </p>
        )}
        {bundle && (
          <MethodList
            data={data}
            bundle={bundle}
            preselected={preselected}
            onChoose={choose}
            pendingMethod={isLeaving ? (createOrder.variables?.method ?? null) : null}
          />
        )}
        <p className="small text-body-secondary mt-3 mb-0">{t('methods.note')}</p>
      </Col>
    </Row>
  );
}

export function PaymentMethodPage() {
  const { t } = useTranslation('payments');
  const { id, paymentmethod } = useParams();
  const bundleId = Number(id);
  return (
    <Container className="payment-method-page py-4">
      <PageTitle title={t('methods.pageTitle')} />
      <InstalledAppBack />
      <h1 className="mb-4">{t('methods.pageTitle')}</h1>
      <MembersOnly>
        {() =>
          Number.isInteger(bundleId) && bundleId > 0 ? (
            <PaymentMethodContent
              bundleId={bundleId}
              preselected={isPaymentMethod(paymentmethod) ? paymentmethod : null}
            />
          ) : (
            <Alert variant="warning">
              {t('methods.bundleNotFound')} <Link to={paths.credits.getHref()}>{t('methods.changeBundle')}</Link>
            </Alert>
          )
        }
      </MembersOnly>
    </Container>
  );
}
