// One credit bundle: the credits large, the price (struck through when a discount lowers it) with the discount applied,
// the price per credit, the saving ribbon and the popular banner; its button leads to the bundle's payment methods.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Bundle } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { formatMoney, formatPricePerCredit } from '../../../lib/money.ts';
import { StarIcon } from './credits-icons.tsx';

type BundleCardProps = { bundle: Bundle; to?: string; isSelected?: boolean; headingLevel?: 2 | 3 };

/** "250 credits" with the number set large: the number is found in the translated text (no locale moves it apart). */
function CreditsTitle({ text, count }: { text: string; count: number }) {
  const number = String(count);
  const at = text.indexOf(number);
  if (at < 0) return <>{text}</>;
  const before = text.slice(0, at).trim();
  const after = text.slice(at + number.length).trim();
  // The spaces stay text between the parts, so the heading's accessible name reads "250 credits".
  return (
    <>
      {before && <span className="bundle-credits-unit">{before}</span>}
      {before && ' '}
      <span className="bundle-credits-number">{number}</span>
      {after && ' '}
      {after && <span className="bundle-credits-unit">{after}</span>}
    </>
  );
}

export function BundleCard({
  bundle,
  to = paths.creditsIdPaymentmethod.getHref(bundle.id),
  isSelected = false,
  headingLevel = 2,
}: BundleCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation('payments');
  const language = i18n.language;
  const isDiscounted = bundle.final_price.amount < bundle.price.amount;
  const discountPercentage = isDiscounted ? Math.round((1 - bundle.final_price.amount / bundle.price.amount) * 100) : 0;
  const price = formatMoney(bundle.final_price, language);
  const credits = t('bundle.credits', { count: bundle.credits });
  const titleId = `bundle-${bundle.id}-title`;
  const classes = ['bundle-card', 'card', 'h-100', 'text-center'];
  if (bundle.is_popular) classes.push('bundle-card-popular');
  if (isSelected) classes.push('bundle-card-selected');
  return (
    <article className={classes.join(' ')} aria-labelledby={titleId} data-testid="bundle-card">
      {bundle.is_popular ? (
        <span className="bundle-popular" data-testid="bundle-popular">
          <StarIcon size={14} fill="currentColor" />
          {t('bundle.popular')}
        </span>
      ) : (
        <span className="bundle-popular-space" aria-hidden="true" />
      )}
      {bundle.ribbon_percentage > 0 && (
        <span className="bundle-ribbon" data-testid="bundle-ribbon">
          <span aria-hidden="true">{t('bundle.ribbon', { percentage: bundle.ribbon_percentage })}</span>
          <span className="visually-hidden">{t('bundle.ribbonLabel', { percentage: bundle.ribbon_percentage })}</span>
        </span>
      )}
      <div className="card-body d-flex flex-column align-items-center">
        <Heading id={titleId} className="bundle-credits mb-2">
          <CreditsTitle text={credits} count={bundle.credits} />
        </Heading>
        <p className="bundle-price mb-1">
          {isDiscounted && (
            <del className="bundle-old-price text-body-secondary" data-testid="bundle-old-price">
              <span className="visually-hidden">{t('bundle.oldPrice')} </span>
              {formatMoney(bundle.price, language)}
            </del>
          )}
          <strong className="bundle-final-price" data-testid="bundle-price">
            {isDiscounted && <span className="visually-hidden">{t('bundle.newPrice')} </span>}
            {price}
          </strong>
        </p>
        {isDiscounted && (
          <p className="bundle-discount mb-1" data-testid="bundle-discount">
            {t('bundle.discountApplied', { percentage: discountPercentage })}
          </p>
        )}
        <p className="bundle-per-credit small text-body-secondary mb-3" data-testid="bundle-per-credit">
          {t('bundle.perCredit', { price: formatPricePerCredit(bundle.final_price, bundle.credits, language) })}
        </p>
        {!isSelected && (
          <Link
            to={to}
            className={`btn ${bundle.is_popular ? 'btn-primary' : 'btn-outline-primary'} bundle-buy w-100 mt-auto`}
            aria-label={t('bundle.buyLabel', { credits, price })}
          >
            {t('bundle.buy')}
          </Link>
        )}
      </div>
    </article>
  );
}
