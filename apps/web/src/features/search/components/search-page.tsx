// /members: the member search and the home after login (SPEC sections 2-4): filters, pages appended, the total, similar members, the visitors' signup prompt.
import { Alert, Button, Container, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard as ProfileCardData } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ProfileCard, ProfileCardGrid, ProfileCardGridItem } from '../../../components/profile-card.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError } from '../../../lib/form-errors.ts';
import { SignupLink } from '../../../components/signup-link.tsx';
import { useMemberSearch } from '../hooks/use-member-search.ts';
import { SearchFilters } from './search-filters.tsx';
import '../search.css';

function CardList({ cards, label }: { cards: ProfileCardData[]; label: string }) {
  return (
    <ProfileCardGrid label={label}>
      {cards.map((card) => (
        <ProfileCardGridItem key={card.id}>
          <ProfileCard profile={card} to={paths.membersId.getHref(card.id)} />
        </ProfileCardGridItem>
      ))}
    </ProfileCardGrid>
  );
}

function SignupPrompt() {
  const { t } = useTranslation('members');
  return (
    <section className="search-signup-prompt text-center card border-0 shadow-sm p-4 my-4" aria-labelledby="search-signup-title">
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

export function SearchPage() {
  const { t } = useTranslation('members');
  const search = useMemberSearch();
  const { cards, filters, isReady, isLoading, isFirstLoad, isLoginRequired, errorCode, numResults } = search;
  const countText =
    numResults === null ? null : search.isNumResultsCapped ? t('search.resultsCappedPlus', { count: numResults }) : t('search.results', { count: numResults });

  return (
    <Container className="py-4">
      <PageTitle title={t('search.title')} />
      <h1 className="h2 mb-3">{t('search.title')}</h1>
      {isReady && (
        <SearchFilters key={JSON.stringify(filters)} filters={filters} isSearching={isLoading} onSearch={(next) => void search.search(next)} onClear={() => void search.clear()} />
      )}

      <div className="d-flex align-items-baseline justify-content-between mt-4 mb-3" aria-live="polite">
        {countText && !isFirstLoad && (
          <p className="search-count fw-semibold mb-0" data-testid="search-count">
            {countText}
          </p>
        )}
        {cards.length > 0 && numResults !== null && (
          <p className="small text-body-secondary mb-0">{t('search.showing', { count: cards.length })}</p>
        )}
      </div>

      {(!isReady || isFirstLoad) && <LoadingSpinner />}

      {isLoginRequired && cards.length === 0 && <SignupPrompt />}

      {errorCode !== null && !isLoginRequired && (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{translateError(t, { code: errorCode })}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void search.retry()}>
            {t('search.retry')}
          </Button>
        </Alert>
      )}

      {cards.length > 0 && <CardList cards={cards} label={t('search.resultsLabel')} />}

      {numResults === 0 && !isLoading && errorCode === null && <p className="text-body-secondary">{t('search.noResults')}</p>}

      {isLoginRequired && cards.length > 0 && <SignupPrompt />}

      {search.hasMorePages && cards.length > 0 && !isLoginRequired && (
        <div className="text-center mt-4">
          <Button variant="outline-primary" size="lg" className="px-5" onClick={() => void search.loadMore()} disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('search.loadMore')}
          </Button>
        </div>
      )}

      {search.similarResults.length > 0 && (
        <section className="mt-5" aria-labelledby="similar-title">
          <h2 id="similar-title" className="h4">
            {t('search.similar')}
          </h2>
          <p className="text-body-secondary small">{t('search.similarIntro', { count: search.similarNumResults })}</p>
          <CardList cards={search.similarResults} label={t('search.similar')} />
        </section>
      )}
    </Container>
  );
}
