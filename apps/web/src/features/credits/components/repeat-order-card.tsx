// The quick repeat of the last paid order, with the saved card (brand mark, last four digits) when there is one: one
// tap on the repeat page buys it again without leaving the site.
import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type CreditsResponse, type PaymentMethod } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { BoltIcon } from './credits-icons.tsx';
import { PaymentMethodMark } from './payment-method-mark.tsx';

type LastOrder = NonNullable<CreditsResponse['last_order']>;

/** The card brand as one of our marks ("Visa" -> visa), else the generic card. */
function brandMethod(brand: string): PaymentMethod {
  const key = brand.toLowerCase().replace(/[^a-z]/g, '');
  return (PAYMENT_METHODS as readonly string[]).includes(key) ? (key as PaymentMethod) : 'creditcard';
}

export function RepeatOrderCard({ lastOrder, isAvailable }: { lastOrder: LastOrder; isAvailable: boolean }) {
  const { t } = useTranslation('payments');
  const credits = t('bundle.credits', { count: lastOrder.credits });
  return (
    <Card as="section" className="repeat-order-card mb-4" aria-labelledby="repeat-order-title">
      <Card.Body className="d-flex flex-column flex-sm-row gap-3 align-items-sm-center">
        <span className="repeat-order-icon d-none d-sm-inline-flex">
          <BoltIcon size={22} />
        </span>
        <div className="flex-grow-1">
          <h2 id="repeat-order-title" className="h5 mb-1">
            {t('repeat.title')}
          </h2>
          <p className="mb-1">{t('repeat.lastOrder', { credits })}</p>
          {lastOrder.card && (
            <p className="saved-card mb-0 small text-body-secondary">
              <PaymentMethodMark method={brandMethod(lastOrder.card.brand)} width={32} />
              <span>{t('repeat.card', { brand: lastOrder.card.brand, last4: lastOrder.card.last4 })}</span>
            </p>
          )}
        </div>
        <Link
          // With a saved card the repeat page buys in one click; without one the bundle goes through the methods.
          to={
            isAvailable && !lastOrder.card
              ? paths.creditsIdPaymentmethod.getHref(lastOrder.bundle_id)
              : paths.creditsRepeatOrder.getHref()
          }
          className="btn btn-primary flex-shrink-0 px-4"
        >
          {t('repeat.button', { credits })}
        </Link>
      </Card.Body>
    </Card>
  );
}
