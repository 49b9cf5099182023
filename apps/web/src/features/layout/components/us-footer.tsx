// The US compliance statement (18 U.S.C. 2257), only for English when the site enables it.
import { useTranslation } from 'react-i18next';
import type { Company } from '@app/contracts';

const ENGLISH_LANGUAGES = new Set(['en', 'en-US']);

export function isUsFooterShown(isEnabled: boolean, language: string | undefined): boolean {
  return isEnabled && ENGLISH_LANGUAGES.has(language ?? '');
}

export function UsFooter({ isEnabled, company }: { isEnabled: boolean; company: Company }) {
  const { t, i18n } = useTranslation();
  if (!isUsFooterShown(isEnabled, i18n.language)) return null;
  return (
    <p className="us-footer small mb-0" data-testid="us-footer">
      <strong>{t('footer.usFooterTitle')}</strong>{' '}
      {t('footer.usFooterText', { company: company.name, address: company.address, city: company.city })}
    </p>
  );
}
