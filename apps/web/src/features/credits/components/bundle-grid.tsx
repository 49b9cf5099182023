// The bundles side by side (two per row on phones, four on wide screens), as a labelled list; and their skeleton, the
// same grid of card-sized placeholders, so nothing moves when the prices arrive.
import { useTranslation } from 'react-i18next';
import type { Bundle } from '@app/contracts';
import { Skeleton, SkeletonButton, SkeletonLine } from '../../../components/skeleton.tsx';
import { BundleCard } from './bundle-card.tsx';

export function BundleGrid({
  bundles,
  label,
  headingLevel = 2,
}: {
  bundles: readonly Bundle[];
  label: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="bundle-grid list-unstyled" aria-label={label}>
      {bundles.map((bundle) => (
        <li key={bundle.id}>
          <BundleCard bundle={bundle} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function BundleGridSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation('payments');
  return (
    <Skeleton label={t('credits.loading')} testId="bundles-skeleton">
      <span className="bundle-grid">
        {Array.from({ length: count }, (_, index) => (
          <span key={index} className="bundle-card card d-block text-center">
            <span className="bundle-popular-space" />
            <span className="card-body d-flex flex-column align-items-center gap-2">
              <SkeletonLine width={40} size="lg" className="bundle-skeleton-number" />
              <SkeletonLine width={35} size="sm" />
              <SkeletonLine width={55} size="lg" />
              <SkeletonLine width={45} size="sm" className="mb-2" />
              <SkeletonButton width="100%" />
            </span>
          </span>
        ))}
      </span>
    </Skeleton>
  );
}
