// /activate/done: the account is active — the member's signup profile card, a get-premium card and an overview of the members.
import { Card, Col, Container, Row } from 'react-bootstrap';
import { Link, Navigate } from 'react-router';
import { ResendActivationButton } from './resend-activation-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { HeartIcon } from '../../../components/icons.tsx';
import { ProfileCard, ProfileCardGrid, ProfileCardGridItem } from '../../../components/profile-card.tsx';
import { signupMatchesQueryOptions } from '../../match-finder/index.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';

/** Two rows of the wide grid. */
const OVERVIEW_SIZE = 10;

/**
 * SPEC section 2 "all-member overview": members near the new member who suit them (the signup matches:
 * with a photo, orientation both ways, region and country first; docs/search-relevance.md), then the way to all of them.
 */
function MembersOverview() {
  const { t } = useTranslation('accounts');
  const { data: user } = useUser();
  // Suggestions are for members: a visitor on this page gets the link to the members only.
  const { data } = useQuery({ ...signupMatchesQueryOptions(), enabled: Boolean(user) });
  const cards = data ? data.slice(0, OVERVIEW_SIZE) : [];
  return (
    <section className="mt-5" aria-labelledby="activate-members-title">
      <h2 id="activate-members-title" className="h4 mb-1">
        {t('activation.membersCardTitle')}
      </h2>
      <p className="text-body-secondary">{t('activation.membersCardText')}</p>
      {cards.length > 0 && (
        <ProfileCardGrid label={t('activation.membersCardTitle')}>
          {cards.map((card) => (
            <ProfileCardGridItem key={card.id}>
              <ProfileCard profile={card} to={paths.membersId.getHref(card.id)} />
            </ProfileCardGridItem>
          ))}
        </ProfileCardGrid>
      )}
      <Link to={paths.members.getHref()} className="btn btn-primary mt-3">
        {t('activation.membersCardLink')}
      </Link>
    </section>
  );
}

export function ActivateDonePage() {
  const { t } = useTranslation('accounts');
  const { data: user, isPending } = useUser();
  if (isPending) return null;
  // Only a member whose account is active is told it is: a visitor logs in first, an unconfirmed member
  // is reminded to use the mailed link.
  if (!user) return <Navigate to={paths.login.getHref(paths.activateDone.getHref())} replace />;
  if (user.status === 'not_confirmed') {
    return (
      <Container className="py-4 py-md-5">
        <PageTitle title={t('activation.reminderTitle')} />
        <h1 className="h2 mb-2">{t('activation.reminderTitle')}</h1>
        <p className="lead text-body-secondary mb-4">{t('activation.reminder', { email: user.email })}</p>
        <ResendActivationButton />
      </Container>
    );
  }
  return (
    <Container className="py-4 py-md-5">
      <PageTitle title={t('activation.doneTitle')} />
      <h1 className="h2 mb-2">{t('activation.doneTitle')}</h1>
      <p className="lead text-body-secondary mb-4">{t('activation.doneText')}</p>
      <Row className="g-4">
        {user && (
          <Col md={6}>
            <Card className="h-100 border-0 shadow-sm">
              <Card.Body className="d-flex flex-column align-items-center text-center">
                <UserAvatar profile={user.profile} size={96} className="mb-3" />
                <h2 className="h5">{user.profile.name}</h2>
                <p className="text-body-secondary">{t('activation.profileCardText')}</p>
                <Link to={paths.profile.getHref()} className="btn btn-outline-primary mt-auto">
                  {t('activation.profileCardLink')}
                </Link>
              </Card.Body>
            </Card>
          </Col>
        )}
        <Col md={6}>
          <Card className="h-100 border-0 shadow-sm text-bg-primary">
            <Card.Body className="d-flex flex-column">
              <HeartIcon size={32} />
              <h2 className="h5 mt-3">{t('activation.premiumCardTitle')}</h2>
              <p>{t('activation.premiumCardText')}</p>
              <Link to={paths.premium.getHref()} className="btn btn-light mt-auto align-self-start">
                {t('activation.premiumCardLink')}
              </Link>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <MembersOverview />
    </Container>
  );
}
