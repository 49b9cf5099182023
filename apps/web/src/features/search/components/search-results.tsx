// The results column of /members (search-page.tsx): the count, the cards with pages appended as the member scrolls,
// the visitors' signup prompt, the empty state that says what to change, and similar members.
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard as ProfileCardData } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import {
  ProfileCard,
  ProfileCardGrid,
  ProfileCardGridItem,
  ProfileCardGridSkeleton,
} from '../../../components/profile-card.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import { translateError } from '../../../lib/form-errors.ts';
import { SignupLink } from '../../../components/signup-link.tsx';
import { LikeButton, useLikedIds } from '../../likes/index.ts';
import type { useMemberSearch } from '../hooks/use-member-search.ts';
import type { SearchFilterValues } from '../lib/search-filters.ts';

/** The results on a phone's or laptop's first screen: their photos are fetched at once, first (the page's LCP). */
const PRIORITY_CARDS = 4;
/** Skeleton cards while the first page loads: two rows on a laptop, the whole first screen on a phone. */
const SKELETON_CARDS = 8;
/** The next page is asked for this far before the end of the list comes into view. */
const PREFETCH_MARGIN = '400px 0px';

function CardList({
  cards,
  label,
  hasPriority = false,
  headingLevel,
  id,
}: {
  cards: ProfileCardData[];
  label: string;
  hasPriority?: boolean;
  headingLevel: 2 | 3;
  id?: string;
}) {
  const likedIds = useLikedIds();
  return (
    <ProfileCardGrid id={id} label={label} className="is-beside-panel">
      {cards.map((card, index) => (
        <ProfileCardGridItem key={card.id}>
          <ProfileCard
            profile={card}
            to={paths.membersId.getHref(card.id)}
            isPriority={hasPriority && index < PRIORITY_CARDS}
            headingLevel={headingLevel}
            quickAction={
              <LikeButton
                key={String(likedIds.has(card.id))}
                variant="icon"
                profile={card}
                isLiked={likedIds.has(card.id)}
                canUnlike={false}
              />
            }
          />
        </ProfileCardGridItem>
      ))}
    </ProfileCardGrid>
  );
}

function SignupPrompt() {
  const { t } = useTranslation('members');
  return (
    <section
      className="search-signup-prompt text-center card border-0 shadow-sm p-4 my-4"
      aria-labelledby="search-signup-title"
    >
      <h2 id="search-signup-title" className="h4">
        {t('search.signupPrompt')}
      </h2>
      <p className="text-body-secondary">{t('search.signupPromptText')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <SignupLink className="btn btn-primary btn-lg px-4">{t('search.signupButton')}</SignupLink>
        <Link to={paths.login.getHref(paths.members.getHref())} className="btn btn-outline-primary btn-lg px-4">
          {t('search.loginButton')}
        </Link>
      </div>
    </section>
  );
}

/** What to change when nothing matches: one tip per filter that narrows the search, and a reset. */
function EmptyResults({ filters, onReset }: { filters: SearchFilterValues; onReset: () => void }) {
  const { t } = useTranslation('members');
  const tips = [
    (filters.min_age || filters.max_age) && 'age',
    filters.verified && 'verified',
    filters.countryregion && 'region',
    filters.country && 'country',
    filters.gender && 'gender',
  ].filter(Boolean) as string[];
  return (
    <section className="search-empty text-center rounded-4 px-3 py-5" aria-labelledby="search-empty-title">
      <span className="search-empty-icon mx-auto mb-3" aria-hidden="true">
        <SearchIcon size={28} />
      </span>
      <h2 id="search-empty-title" className="h4">
        {t('search.noResults')}
      </h2>
      {tips.length > 0 && (
        <>
          <p className="text-body-secondary mb-2">{t('discovery.emptyText')}</p>
          <ul className="search-empty-tips list-unstyled d-inline-flex flex-column text-start gap-1 mb-3">
            {tips.map((tip) => (
              <li key={tip}>{t(`discovery.emptyTips.${tip}`)}</li>
            ))}
          </ul>
        </>
      )}
      <div>
        <Button variant="primary" onClick={onReset}>
          {t('discovery.resetFilters')}
        </Button>
      </div>
    </section>
  );
}

/** Asks for the next page when the end of the list comes near (the "Show more" button stays for keyboards and old browsers). */
function useLoadOnApproach(isEnabled: boolean, loadMore: () => unknown) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onApproach = useEffectEvent(() => void loadMore());
  useEffect(() => {
    const element = sentinel.current;
    if (!isEnabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onApproach();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isEnabled]);
  return sentinel;
}

/** Members like the ones searched for, when the search itself found few. */
function SimilarMembers({ cards, count }: { cards: ProfileCardData[]; count: number }) {
  const { t } = useTranslation('members');
  if (cards.length === 0) return null;
  return (
    <section className="mt-5" aria-labelledby="similar-title">
      <h2 id="similar-title" className="h4">
        {t('search.similar')}
      </h2>
      <p className="text-body-secondary small">{t('search.similarIntro', { count })}</p>
      <CardList cards={cards} label={t('search.similar')} headingLevel={3} />
    </section>
  );
}

type SearchResultsProps = {
  search: ReturnType<typeof useMemberSearch>;
  areFiltersReady: boolean;
  countText: string | null;
  onClear: () => void;
};

export function SearchResults({ search, areFiltersReady, countText, onClear }: SearchResultsProps) {
  const { t } = useTranslation('members');
  const { cards, filters, isLoading, isFirstLoad, isLoginRequired, errorCode, numResults } = search;
  const resultsId = useId();
  const canLoadMore = search.hasMorePages && cards.length > 0 && !isLoginRequired && errorCode === null;
  const sentinel = useLoadOnApproach(canLoadMore && !isLoading, search.loadMore);
  return (
    <>
      <div
        className="search-count-row d-flex align-items-baseline justify-content-between gap-2 mb-3"
        aria-live="polite"
      >
        {countText && !isFirstLoad && (
          <p className="search-count fw-semibold mb-0" data-testid="search-count">
            {countText}
          </p>
        )}
        {cards.length > 0 && numResults !== null && (
          <p className="small text-body-secondary mb-0">{t('search.showing', { count: cards.length })}</p>
        )}
      </div>

      {(!areFiltersReady || isFirstLoad) && (
        <ProfileCardGridSkeleton
          count={SKELETON_CARDS}
          label={t('discovery.loadingMembers')}
          className="is-beside-panel"
        />
      )}

      {areFiltersReady && (
        <>
          {isLoginRequired && cards.length === 0 && <SignupPrompt />}

          {errorCode !== null && !isLoginRequired && (
            <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
              <span>{translateError(t, { code: errorCode })}</span>
              <Button variant="outline-danger" size="sm" onClick={() => void search.retry()}>
                {t('search.retry')}
              </Button>
            </Alert>
          )}

          {cards.length > 0 && (
            <CardList id={resultsId} cards={cards} label={t('search.resultsLabel')} hasPriority headingLevel={2} />
          )}

          {numResults === 0 && !isLoading && errorCode === null && <EmptyResults filters={filters} onReset={onClear} />}

          {isLoginRequired && cards.length > 0 && <SignupPrompt />}

          {canLoadMore && (
            <div ref={sentinel} className="search-more text-center mt-4">
              <LoadMoreButton
                variant="outline-primary"
                size="lg"
                className="px-5 rounded-pill"
                isLoading={isLoading}
                onLoad={() => void search.loadMore()}
                list={{ id: resultsId, itemCount: cards.length }}
              >
                {t('search.loadMore')}
              </LoadMoreButton>
            </div>
          )}

          {!search.hasMorePages && cards.length > 0 && !isLoading && !isLoginRequired && errorCode === null && (
            <p className="text-center text-body-secondary small mt-4 mb-0">{t('discovery.endOfResults')}</p>
          )}

          <SimilarMembers cards={search.similarResults} count={search.similarNumResults} />
        </>
      )}
    </>
  );
}
