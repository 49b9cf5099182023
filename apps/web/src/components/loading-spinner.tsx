// A centered spinner with a screen-reader label, for account pages waiting on the API.
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export function LoadingSpinner() {
  const { t } = useTranslation('accounts');
  return (
    <div className="text-center py-5">
      <Spinner role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </Spinner>
    </div>
  );
}
