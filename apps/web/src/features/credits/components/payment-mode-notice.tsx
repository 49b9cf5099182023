// What every checkout page says about how payments stand: none can be made right now (no provider), or they are test
// payments that move no money (development, a staging site).
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { CreditsResponse } from '@app/contracts';

export function PaymentModeNotice({ data }: { data: Pick<CreditsResponse, 'payments_available' | 'test_mode'> }) {
  const { t } = useTranslation('payments');
  if (!data.payments_available) {
    return (
      <Alert variant="warning" data-testid="payments-unavailable">
        {t('credits.unavailable')}
      </Alert>
    );
  }
  if (!data.test_mode) return null;
  return (
    <Alert variant="info" className="py-2 small" data-testid="payments-test-mode">
      {t('credits.testMode')}
    </Alert>
  );
}
