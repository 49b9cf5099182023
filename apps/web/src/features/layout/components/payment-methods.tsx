// Text marks for the payment methods checkout offers this visitor (offeredPaymentMethods of @app/contracts: the site's
// enabled methods in the visitor's country that a provider takes): readable, accessible, nothing to download.
import { useTranslation } from 'react-i18next';

export function PaymentMethods({ methods }: { methods: readonly string[] }) {
  const { t, i18n } = useTranslation();
  // Only methods the app knows (has a name for) get a mark; the list of names lives in the locale files.
  const shown = methods.filter((method) => i18n.exists(`paymentMethods.${method}`));
  if (shown.length === 0) return null;
  return (
    <ul className="payment-methods list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={t('footer.paymentMethods')}>
      {shown.map((method) => (
        <li key={method} className={`payment-mark payment-mark-${method}`}>
          {t(`paymentMethods.${method}`)}
        </li>
      ))}
    </ul>
  );
}
