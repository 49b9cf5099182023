// /directdebit?bundle={id}: SEPA direct debit confirmed with a texted code (SPEC 2 and 4, docs/payments.md). Step 1 takes
// the bank details, address and mobile number; step 2 the code; the right code opens the order, pending until the bank
// settles it. The bundle and its price stay beside both steps, with the way back to the other payment methods.
import { useState } from 'react';
import { Alert, Card, Col, Container, Row } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Bundle } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MembersOnly } from '../../../components/members-only.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useCredits } from '../api/get-credits.ts';
import type { DirectDebitState } from '../api/start-direct-debit.ts';
import { formatMoney } from '../../../lib/money.ts';
import { BundleCard } from './bundle-card.tsx';
import { DirectDebitCodeForm } from './direct-debit-code-form.tsx';
import { DirectDebitForm, EMPTY_DETAILS, type DirectDebitDetails } from './direct-debit-form.tsx';
import { PaymentModeNotice } from './payment-mode-notice.tsx';
import '../credits.css';
import '../direct-debit.css';

type Step = { step: 'details' } | { step: 'code'; state: DirectDebitState; receivedAt: number };

function BundleSummary({ bundle, otherMethodsHref }: { bundle: Bundle; otherMethodsHref: string }) {
  const { t, i18n } = useTranslation('payments');
  return (
    <section aria-labelledby="direct-debit-bundle-title" className="direct-debit-summary">
      <h2 id="direct-debit-bundle-title" className="h5">
        {t('directDebit.bundleLabel')}
      </h2>
      {/* Phones see one line, so the form starts on the first screen. */}
      <div className="d-none d-lg-block method-bundle mt-3">
        <BundleCard bundle={bundle} isSelected headingLevel={3} />
      </div>
      <p className="d-flex flex-wrap column-gap-3 mt-lg-2 mb-1">
        <span className="d-lg-none fw-semibold">{t('bundle.credits', { count: bundle.credits })}</span>
        <span className="fw-bold" data-testid="direct-debit-total">
          {t('directDebit.total', { price: formatMoney(bundle.final_price, i18n.language) })}
        </span>
      </p>
      <p className="mb-0">
        <Link to={otherMethodsHref}>{t('directDebit.otherMethod')}</Link>
      </p>
    </section>
  );
}

function DirectDebitContent({ bundleId }: { bundleId: number }) {
  const { t, i18n } = useTranslation('payments');
  const settings = useSettings();
  const countryName = useCountryName();
  const navigate = useNavigate();
  const credits = useCredits();
  const [step, setStep] = useState<Step>({ step: 'details' });
  // Kept for "Change your details", so going back does not empty the form.
  const [details, setDetails] = useState<DirectDebitDetails>(EMPTY_DETAILS);
  const otherMethodsHref = paths.creditsIdPaymentmethod.getHref(bundleId);

  if (credits.isPending) return <LoadingSpinner />;
  if (credits.isError)
    return (
      <Alert variant="danger">{translateError(t, toFormErrors(credits.error).form ?? { code: 'error_generic' })}</Alert>
    );
  const data = credits.data;
  const bundle = data.bundles.find((candidate) => candidate.id === bundleId);
  if (!bundle) {
    return (
      <Alert variant="warning">
        {t('methods.bundleNotFound')} <Link to={paths.credits.getHref()}>{t('methods.changeBundle')}</Link>
      </Alert>
    );
  }
  if (!data.payments_available) return <PaymentModeNotice data={data} />;
  if (!data.direct_debit) {
    return (
      <Alert variant="warning">
        {t('directDebit.unavailable', { country: countryName(data.country) })}{' '}
        <Link to={otherMethodsHref}>{t('directDebit.otherMethod')}</Link>
      </Alert>
    );
  }

  return (
    <Row className="g-4">
      <Col xs={12} className="order-lg-0">
        <PaymentModeNotice data={data} />
      </Col>
      <Col lg={4} className="order-lg-2">
        <BundleSummary bundle={bundle} otherMethodsHref={otherMethodsHref} />
      </Col>
      <Col lg={8} className="order-lg-1">
        <Card className="direct-debit-card">
          <Card.Body>
            <p className="small text-body-secondary text-uppercase fw-semibold mb-2" data-testid="direct-debit-step">
              {t('directDebit.steps', { step: step.step === 'details' ? 1 : 2, total: 2 })}
            </p>
            {step.step === 'details' ? (
              <DirectDebitForm
                bundleId={bundle.id}
                country={data.country}
                price={formatMoney(bundle.final_price, i18n.language)}
                siteName={settings.name}
                otherMethodsHref={otherMethodsHref}
                initialDetails={details}
                isReturning={details !== EMPTY_DETAILS}
                onStarted={(state, entered) => {
                  setDetails(entered);
                  setStep({ step: 'code', state, receivedAt: Date.now() });
                }}
              />
            ) : (
              <DirectDebitCodeForm
                state={step.state}
                receivedAt={step.receivedAt}
                otherMethodsHref={otherMethodsHref}
                onResent={(state, receivedAt) => setStep({ step: 'code', state, receivedAt })}
                onChangeDetails={() => setStep({ step: 'details' })}
                onOrdered={(orderId) => void navigate(paths.transactions.getHref(orderId))}
              />
            )}
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

export function DirectDebitPage() {
  const { t } = useTranslation('payments');
  const [searchParams] = useSearchParams();
  const bundleId = Number(searchParams.get('bundle'));
  return (
    <Container className="direct-debit-page py-4">
      <PageTitle title={t('directDebit.pageTitle')} />
      <h1 className="mb-2">{t('directDebit.pageTitle')}</h1>
      <p className="text-body-secondary mb-4">{t('directDebit.intro')}</p>
      <MembersOnly>
        {() =>
          Number.isInteger(bundleId) && bundleId > 0 ? (
            <DirectDebitContent bundleId={bundleId} />
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
