// /signup-matches: after signing up, twelve members who suit the new member, with like buttons, then on to the search.
import { Alert, Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_AFTER_LOGIN } from '../../../config/paths.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { useSignupMatches } from '../api/get-signup-matches.ts';
import { SuggestionGrid } from './suggestion-grid.tsx';

function SignupMatches() {
  const { t } = useTranslation('members');
  const matches = useSignupMatches();
  if (matches.isPending) return <LoadingSpinner />;
  if (matches.isError)
    return (
      <Alert variant="danger">{translateError(t, toFormErrors(matches.error).form ?? { code: 'error_generic' })}</Alert>
    );
  if (matches.data.length === 0)
    return <p className="text-body-secondary text-center py-4">{t('matchFinder.empty')}</p>;
  return <SuggestionGrid profiles={matches.data} label={t('signupMatches.title')} />;
}

export function SignupMatchesPage() {
  const { t } = useTranslation('members');
  return (
    <Container className="py-4">
      <PageTitle title={t('signupMatches.title')} />
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h2 mb-1">{t('signupMatches.title')}</h1>
          <p className="text-body-secondary mb-0">{t('signupMatches.intro')}</p>
        </div>
        <Link to={HOME_AFTER_LOGIN} className="btn btn-primary btn-lg px-4">
          {t('signupMatches.continue')}
        </Link>
      </div>
      <MembersOnly>{() => <SignupMatches />}</MembersOnly>
    </Container>
  );
}
