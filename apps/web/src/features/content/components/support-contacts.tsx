// The support phone and e-mail address from the settings, as links a phone or mail app opens.
import { useTranslation } from 'react-i18next';

export function SupportContacts({ phone, email }: { phone: string; email: string }) {
  const { t } = useTranslation('content');
  if (!phone && !email) return null;
  return (
    <section className="support-contacts card card-body my-4" aria-labelledby="support-contacts-title">
      <h2 id="support-contacts-title" className="h5">
        {t('service.contactsTitle')}
      </h2>
      <dl className="row mb-0">
        {phone && (
          <>
            <dt className="col-sm-3">{t('service.phone')}</dt>
            <dd className="col-sm-9">
              <a href={`tel:${phone}`}>{phone}</a>
            </dd>
          </>
        )}
        {email && (
          <>
            <dt className="col-sm-3">{t('service.email')}</dt>
            <dd className="col-sm-9 mb-0">
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
