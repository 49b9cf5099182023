// The site footer: legal and service links, company details, payment methods, disclaimer and US statement.
import { Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { offeredPaymentMethods } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { Logo } from '../../../components/logo.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useCompanyInfo } from '../../../lib/settings/get-company-info.ts';
import { Disclaimer } from './disclaimer.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { UsFooter } from './us-footer.tsx';

/** SPEC section 2, in the spec's order. */
export const FOOTER_LINKS = [
  { key: 'terms', href: paths.staticPage.getHref('terms') },
  { key: 'privacy', href: paths.staticPage.getHref('privacy') },
  { key: 'cookies', href: paths.staticPage.getHref('cookies') },
  { key: 'ban', href: paths.staticPage.getHref('ban') },
  { key: 'pricing', href: paths.pricing.getHref() },
  { key: 'complaints', href: paths.complaints.getHref() },
  { key: 'returnPolicy', href: paths.staticPage.getHref('return-policy') },
  { key: 'faq', href: paths.staticPage.getHref('faq') },
  { key: 'service', href: paths.staticPage.getHref('service') },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const settings = useSettings();
  const companyInfo = useCompanyInfo();
  // The settings carry the same company fields, so the footer never waits for companyinfo.php.
  const company = companyInfo.data?.company ?? settings.company;
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer mt-auto">
      <Container className="py-4 py-md-5">
        <Row className="gy-4">
          <Col md={4}>
            <Logo name={settings.name} isInverted />
            <address className="company-info small mt-3 mb-0">
              <strong className="d-block">{company.name}</strong>
              <span className="d-block">{company.address}</span>
              <span className="d-block">{company.city}</span>
              {company.kvk && <span className="d-block">{t('footer.kvk', { kvk: company.kvk })}</span>}
              {company.vat_numbers.length > 0 && (
                <span className="d-block">{t('footer.vat', { vat: company.vat_numbers.join(', ') })}</span>
              )}
            </address>
          </Col>
          <Col md={8}>
            <nav aria-label={t('footer.navLabel')}>
              <ul className="footer-links list-unstyled mb-0">
                {FOOTER_LINKS.map((link) => (
                  <li key={link.key}>
                    <Link to={link.href}>{t(`footer.links.${link.key}`)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          </Col>
        </Row>
        <div className="footer-payments mt-4">
          <PaymentMethods methods={offeredPaymentMethods(settings.geoip_selected_country, settings.payment_methods)} />
        </div>
        <hr className="footer-rule my-4" />
        <div className="footer-legal d-grid gap-2">
          <Disclaimer settings={settings} />
          <UsFooter isEnabled={settings.us_footer} company={company} />
          <p className="small mb-0">{t('footer.copyright', { year, name: company.name })}</p>
        </div>
      </Container>
    </footer>
  );
}
