// /premium and /pricing: what premium gives, the bundles (for members: credits.php needs a session), the minimum cost of
// a message in the member's country and the refund policy with the site's refund_days (SPEC 1 and 2).
import { Alert, Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FREE_CONVERSATION_LIMIT, PHOTO_LIMITS, type User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { SignupLink } from '../../../components/signup-link.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { ChatIcon } from '../../../components/icons.tsx';
import { StarIcon } from '../../../components/member-icons.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useCredits } from '../api/get-credits.ts';
import { usePricing } from '../api/get-pricing.ts';
import { formatMajorAmount } from '../../../lib/money.ts';
import { usePaymentCountry } from '../lib/payment-store.ts';
import { BundleGrid, BundleGridSkeleton } from './bundle-grid.tsx';
import { ImageIcon, CheckIcon } from './credits-icons.tsx';
import '../credits.css';

function Benefits() {
  const { t } = useTranslation('payments');
  const items = [
    { key: 'photos', icon: <ImageIcon size={22} />, text: t('premium.benefits.photos') },
    {
      key: 'ownPhotos',
      icon: <StarIcon size={22} />,
      text: t('premium.benefits.ownPhotos', { premium: PHOTO_LIMITS.premium, free: PHOTO_LIMITS.free }),
    },
    {
      key: 'conversations',
      icon: <ChatIcon size={22} />,
      text: t('premium.benefits.conversations', { free: FREE_CONVERSATION_LIMIT }),
    },
    { key: 'chatPhotos', icon: <CheckIcon size={22} />, text: t('premium.benefits.chatPhotos') },
  ];
  return (
    <section aria-labelledby="premium-benefits-title" className="mb-4">
      <h2 id="premium-benefits-title" className="h4">
        {t('premium.benefitsTitle')}
      </h2>
      <ul className="premium-benefits list-unstyled row row-cols-1 row-cols-sm-2 g-3 mb-0">
        {items.map((item) => (
          <li key={item.key} className="col">
            <div className="premium-benefit d-flex align-items-center gap-3 h-100 p-3 rounded-3">
              <span className="premium-benefit-icon">{item.icon}</span>
              <span>{item.text}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MemberBundles() {
  const { t } = useTranslation('payments');
  const credits = useCredits();
  if (credits.isPending) return <BundleGridSkeleton />;
  if (credits.isError || credits.data.bundles.length === 0) return null;
  return <BundleGrid bundles={credits.data.bundles} label={t('credits.bundlesLabel')} headingLevel={3} />;
}

/** Visitors see the bundles at list prices for their country (GeoIP), and sign up to buy. */
function VisitorBundles() {
  const { t } = useTranslation('payments');
  const paymentCountry = usePaymentCountry();
  const pricing = usePricing(paymentCountry);
  if (pricing.isPending) return <BundleGridSkeleton />;
  if (pricing.isError || pricing.data.bundles.length === 0) return null;
  return <BundleGrid bundles={pricing.data.bundles} label={t('credits.bundlesLabel')} headingLevel={3} />;
}

function MessageCost({ user }: { user: User | null | undefined }) {
  const { t, i18n } = useTranslation('payments');
  const settings = useSettings();
  const paymentCountry = usePaymentCountry();
  const countryName = useCountryName();
  const country = [user?.profile.country, paymentCountry, settings.geoip_country, settings.geoip_selected_country].find(
    (candidate): candidate is string => Boolean(candidate && settings.minimum_message_costs[candidate]),
  );
  const cost = country ? settings.minimum_message_costs[country] : undefined;
  if (!country || !cost) return null;
  return (
    <p data-testid="message-cost">
      {t('premium.messageCost', {
        credits: settings.message_credits,
        price: formatMajorAmount(cost.costs, cost.currency, i18n.language),
        country: countryName(country),
      })}
    </p>
  );
}

export function PremiumPage({ variant = 'premium' }: { variant?: 'premium' | 'pricing' }) {
  const { t } = useTranslation('payments');
  const settings = useSettings();
  const { data: user, isPending } = useUser();
  const title = variant === 'pricing' ? t('premium.pricingTitle') : t('premium.title');
  return (
    <Container className="premium-page py-4">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="lead">{t('premium.intro')}</p>
      {user?.paid_user && (
        <Alert variant="success" className="d-flex align-items-center gap-2">
          <StarIcon size={20} />
          {t('premium.isPremium')}
        </Alert>
      )}
      <Benefits />
      <section aria-labelledby="premium-credits-title" className="mb-4">
        <h2 id="premium-credits-title" className="h4">
          {t('premium.creditsTitle')}
        </h2>
        <MessageCost user={user} />
        {isPending ? (
          <BundleGridSkeleton />
        ) : user ? (
          <>
            <MemberBundles />
            <Link to={paths.credits.getHref()} className="btn btn-primary mt-2">
              {t('premium.buy')}
            </Link>
          </>
        ) : (
          <Card body className="text-center">
            <VisitorBundles />
            <p>{t('premium.signupToBuy')}</p>
            <SignupLink className="btn btn-primary">{t('premium.signup')}</SignupLink>
          </Card>
        )}
      </section>
      <Row>
        <Col lg={8}>
          <section aria-labelledby="premium-refund-title">
            <h2 id="premium-refund-title" className="h4">
              {t('premium.refundTitle')}
            </h2>
            <p>{t('premium.refund', { count: settings.refund_days })}</p>
            <Link to={paths.staticPage.getHref('return-policy')}>{t('premium.refundLink')}</Link>
          </section>
        </Col>
      </Row>
    </Container>
  );
}

export function PricingPage() {
  return <PremiumPage variant="pricing" />;
}
