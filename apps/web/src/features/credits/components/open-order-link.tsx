// "Continue your open order": when a discount is refused because the member's own unfinished order holds it (the
// error names that order), a link to the order's page, where its payment can be continued.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import type { FormError } from '../../../lib/form-errors.ts';

export function OpenOrderLink({ error, className }: { error: FormError; className?: string }) {
  const { t } = useTranslation('payments');
  const orderId = error.code === 'discount_code_used' ? Number(error.params?.order) : Number.NaN;
  if (!Number.isInteger(orderId) || orderId <= 0) return null;
  return (
    <>
      {' '}
      <Link to={paths.transactions.getHref(orderId)} className={className}>
        {t('methods.continueOrder')}
      </Link>
    </>
  );
}
