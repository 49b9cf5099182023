// The payment country (SPEC 3 session state paymentCountry): the member may pay from another of the site's countries,
// which changes the currency, the bundles and the methods.
import { useId, useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useCountryName } from '../../../components/use-location-text.ts';
import { setPaymentCountry } from '../lib/payment-store.ts';

export function PaymentCountrySelect({ country }: { country: string }) {
  const { t, i18n } = useTranslation('payments');
  const settings = useSettings();
  const countryName = useCountryName();
  const id = useId();
  const options = useMemo(() => {
    const codes = settings.countries.includes(country) ? settings.countries : [country, ...settings.countries];
    return codes
      .map((code) => ({ code, name: countryName(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [settings.countries, country, countryName, i18n.language]);
  return (
    <Form.Group controlId={id} className="payment-country">
      <Form.Label>{t('country.label')}</Form.Label>
      <Form.Select
        name="country"
        value={country}
        onChange={(event) => setPaymentCountry(event.target.value)}
        aria-describedby={`${id}-help`}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </Form.Select>
      <Form.Text id={`${id}-help`}>{t('country.help')}</Form.Text>
    </Form.Group>
  );
}
