// /credits: the site's bundles in the payment country's currency, the one discount that applies and why, the quick repeat
// of the last order, the discount-code field and the payment country (SPEC 2).
import { Alert, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreditsResponse, User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useCredits } from '../api/get-credits.ts';
import { offeredMethods } from '../lib/offered-methods.ts';
import { useEnteredDiscountCode } from '../lib/payment-store.ts';
import { BundleGrid, BundleGridSkeleton } from './bundle-grid.tsx';
import { CoinsIcon } from './credits-icons.tsx';
import { DiscountCodeForm } from './discount-code-form.tsx';
import { DiscountSummary } from './discount-summary.tsx';
import { PaymentCountrySelect } from './payment-country-select.tsx';
import { PaymentModeNotice } from './payment-mode-notice.tsx';
import { PaymentMethodMark } from './payment-method-mark.tsx';
import { RepeatOrderCard } from './repeat-order-card.tsx';
import '../credits.css';
import { InstalledAppBack } from '../../../components/installed-app-back.tsx';

function MethodMarks({ data }: { data: CreditsResponse }) {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const countryName = useCountryName();
  // The same list /credits/{id} offers to choose from, direct debit included.
  const methods = offeredMethods(data);
  if (methods.length === 0) return null;
  return (
    <ul
      className="method-marks list-unstyled d-flex flex-wrap gap-2 mb-0"
      aria-label={t('credits.methodsLabel', { country: countryName(data.country) })}
    >
      {methods.map(({ method }) => (
        <li key={method} className="d-inline-flex align-items-center gap-1 small">
          <PaymentMethodMark method={method} width={36} />
          <span>{tCommon(`paymentMethods.${method}`)}</span>
        </li>
      ))}
    </ul>
  );
}

function CreditsContent({ user }: { user: User }) {
  const { t } = useTranslation('payments');
  const credits = useCredits();
  const enteredCode = useEnteredDiscountCode();

  if (credits.isPending) return <BundleGridSkeleton />;
  if (credits.isError)
    return (
      <Alert variant="danger">{translateError(t, toFormErrors(credits.error).form ?? { code: 'error_generic' })}</Alert>
    );
  const data = credits.data;
  const bundleIds = new Set(data.bundles.map((bundle) => bundle.id));

  return (
    <>
      <PaymentModeNotice data={data} />
      <DiscountSummary discount={data.discount} enteredCode={enteredCode} />
      {data.last_order && (
        <RepeatOrderCard lastOrder={data.last_order} isAvailable={bundleIds.has(data.last_order.bundle_id)} />
      )}
      {data.bundles.length === 0 ? (
        <Alert variant="info">{t('credits.noBundles')}</Alert>
      ) : (
        <BundleGrid bundles={data.bundles} label={t('credits.bundlesLabel')} />
      )}
      <Row className="g-4 mt-1">
        <Col md={6}>
          <DiscountCodeForm />
        </Col>
        <Col md={6}>
          <PaymentCountrySelect country={data.country} />
        </Col>
      </Row>
      <div className="mt-4">
        <MethodMarks data={data} />
      </div>
      {!user.paid_user && (
        <p className="mt-4 mb-0">
          {t('credits.premiumNote')} <Link to={paths.premium.getHref()}>{t('credits.premiumLink')}</Link>
        </p>
      )}
    </>
  );
}

export function CreditsPage() {
  const { t } = useTranslation('payments');
  return (
    <Container className="credits-page py-4">
      <PageTitle title={t('credits.title')} />
      <InstalledAppBack />
      <MembersOnly>
        {(user) => (
          <>
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
              <h1 className="mb-0">{t('credits.title')}</h1>
              {user.paid_user && (
                <p className="credits-balance mb-0" data-testid="credits-balance">
                  <CoinsIcon size={18} />
                  {t('credits.balance', { count: user.credits })}
                </p>
              )}
            </div>
            <p className="credits-intro text-body-secondary mb-4">{t('credits.intro')}</p>
            <CreditsContent user={user} />
            <p className="mt-4 mb-0 small">
              <Link to={paths.transactions.getHref()}>{t('credits.transactionsLink')}</Link>
            </p>
          </>
        )}
      </MembersOnly>
    </Container>
  );
}
