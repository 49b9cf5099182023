// /credits/repeat-order: the last paid order, bought again in one click on the saved card (no checkout; the payment status
// page follows it), or through the usual methods when there is no saved card.
import { Alert, Button, Container, Spinner } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { MembersOnly } from '../../../components/members-only.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useCredits } from '../api/get-credits.ts';
import { useRepeatOrder } from '../api/repeat-order.ts';
import { BundleCard } from './bundle-card.tsx';
import '../credits.css';

function OneClickRepeat({ bundleId, label }: { bundleId: number; label: string }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const repeat = useRepeatOrder(bundleId, (orderId) => void navigate(paths.transactions.getHref(orderId)));
  return (
    <div className="d-grid gap-2 d-sm-block">
      {repeat.isError && (
        <Alert variant="danger" role="alert">
          {translateError(t, toFormErrors(repeat.error).form ?? { code: 'error_generic' })}
        </Alert>
      )}
      <Button
        variant="primary"
        onClick={() => repeat.mutate()}
        disabled={repeat.isPending || repeat.isSuccess}
        className="me-sm-2"
      >
        {(repeat.isPending || repeat.isSuccess) && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {label}
      </Button>
      <Link to={paths.creditsIdPaymentmethod.getHref(bundleId)} className="btn btn-outline-primary">
        {t('repeat.otherMethod')}
      </Link>
      <p className="small text-body-secondary mt-2 mb-0">{t('repeat.oneClickNote')}</p>
    </div>
  );
}

function RepeatOrderContent() {
  const { t } = useTranslation('payments');
  const credits = useCredits();
  if (credits.isPending) return <LoadingSpinner />;
  if (credits.isError)
    return (
      <Alert variant="danger">{translateError(t, toFormErrors(credits.error).form ?? { code: 'error_generic' })}</Alert>
    );
  const { last_order: lastOrder, bundles } = credits.data;
  if (!lastOrder) {
    return (
      <div className="py-3">
        <p>{t('repeat.none')}</p>
        <Link to={paths.credits.getHref()} className="btn btn-primary">
          {t('repeat.toCredits')}
        </Link>
      </div>
    );
  }
  const bundle = bundles.find((candidate) => candidate.id === lastOrder.bundle_id);
  const creditsText = t('bundle.credits', { count: lastOrder.credits });
  return (
    <div className="repeat-order">
      <p>{t('repeat.lastOrder', { credits: creditsText })}</p>
      {lastOrder.card && (
        <p className="text-body-secondary">
          {t('repeat.card', { brand: lastOrder.card.brand, last4: lastOrder.card.last4 })}
        </p>
      )}
      {bundle ? (
        <>
          <div className="repeat-order-bundle mb-3">
            <BundleCard bundle={bundle} isSelected />
          </div>
          {lastOrder.card ? (
            <OneClickRepeat
              bundleId={bundle.id}
              label={t('repeat.oneClick', {
                credits: creditsText,
                brand: lastOrder.card.brand,
                last4: lastOrder.card.last4,
              })}
            />
          ) : (
            <Link to={paths.creditsIdPaymentmethod.getHref(bundle.id)} className="btn btn-primary">
              {t('repeat.button', { credits: creditsText })}
            </Link>
          )}
        </>
      ) : (
        <>
          <Alert variant="info">{t('repeat.unavailable')}</Alert>
          <Link to={paths.credits.getHref()} className="btn btn-primary">
            {t('repeat.toCredits')}
          </Link>
        </>
      )}
    </div>
  );
}

export function RepeatOrderPage() {
  const { t } = useTranslation('payments');
  return (
    <Container className="repeat-order-page py-4">
      <PageTitle title={t('repeat.pageTitle')} />
      <h1>{t('repeat.pageTitle')}</h1>
      <p className="text-body-secondary">{t('repeat.pageIntro')}</p>
      <MembersOnly>{() => <RepeatOrderContent />}</MembersOnly>
    </Container>
  );
}
