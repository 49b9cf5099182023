// /match-finder: members who suit the member (gender and sexuality, age, own country first), page by page, with like buttons.
import { useId } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MoreBelow } from '../../../components/load-more-button.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { useMatchFinder } from '../api/get-match-finder.ts';
import { SuggestionGrid } from './suggestion-grid.tsx';

function MatchFinder() {
  const { t } = useTranslation('members');
  const finder = useMatchFinder();
  const listId = useId();
  if (finder.isPending) return <LoadingSpinner />;
  if (finder.isError)
    return (
      <Alert variant="danger">{translateError(t, toFormErrors(finder.error).form ?? { code: 'error_generic' })}</Alert>
    );
  const profiles = finder.data.pages.flatMap((page) => page.profiles);
  if (profiles.length === 0) return <p className="text-body-secondary text-center py-4">{t('matchFinder.empty')}</p>;
  return (
    <>
      <SuggestionGrid id={listId} profiles={profiles} label={t('matchFinder.title')} />
      <MoreBelow pages={finder} list={{ id: listId, itemCount: profiles.length }}>
        {t('search.loadMore')}
      </MoreBelow>
    </>
  );
}

export function MatchFinderPage() {
  const { t } = useTranslation('members');
  return (
    <Container className="py-4">
      <PageTitle title={t('matchFinder.title')} />
      <h1 className="h2 mb-1">{t('matchFinder.title')}</h1>
      <p className="text-body-secondary mb-4">{t('matchFinder.intro')}</p>
      <MembersOnly>{() => <MatchFinder />}</MembersOnly>
    </Container>
  );
}
