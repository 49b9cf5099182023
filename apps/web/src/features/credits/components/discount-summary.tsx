// Which discount the order gets and why: the 4-hour welcome bonus (with its countdown), the site's welcome code, or the
// member's own code; one per order, the best one (SPEC 2 and 4).
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DiscountCode } from '@app/contracts';
import { StarIcon } from '../../../components/member-icons.tsx';
import { Countdown } from './countdown.tsx';
import { formatDate } from '../../../lib/i18n.ts';

type DiscountSummaryProps = { discount: DiscountCode | null; enteredCode: string | null };

export function DiscountSummary({ discount, enteredCode }: DiscountSummaryProps) {
  const { t } = useTranslation('payments');
  if (!discount) return null;
  const percentage = discount.value_percentage;
  const expiresAt = discount.expires ? Date.parse(discount.expires) : Number.NaN;
  const isCodeOutdone = Boolean(enteredCode) && discount.source !== 'code';
  return (
    <Alert variant="success" className="discount-summary d-flex gap-3 align-items-start" data-testid="discount-summary">
      <StarIcon size={24} className="flex-shrink-0 mt-1" />
      <div>
        <h2 className="h6 mb-1">{t('discount.title')}</h2>
        <p className="mb-1" data-testid="discount-reason">
          {discount.source === 'time_bonus'
            ? t('discount.time_bonus', { percentage })
            : discount.source === 'welcome'
              ? t('discount.welcome', { percentage, code: discount.code })
              : t('discount.code', { percentage, code: discount.code })}
        </p>
        {discount.source === 'time_bonus' && Number.isFinite(expiresAt) && (
          <p className="mb-1">
            {t('discount.time_bonus_valid')} <Countdown endsAt={expiresAt} className="fw-bold" />
          </p>
        )}
        {discount.source !== 'time_bonus' && Number.isFinite(expiresAt) && (
          <p className="mb-1 small">
            {t('discount.expires', {
              date: formatDate(expiresAt, { dateStyle: 'medium' }),
            })}
          </p>
        )}
        <p className="mb-0 small">
          {isCodeOutdone ? t('discount.notBest', { code: enteredCode }) : t('discount.onePerOrder')}
        </p>
      </div>
    </Alert>
  );
}
