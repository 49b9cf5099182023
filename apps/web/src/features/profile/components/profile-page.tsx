// /profile: the member edits every profile field, manages photos and sees whom they blocked.
import { Alert, Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { PhotosManager } from '../../photos/index.ts';
import { BlockedMembers } from '../../blocks/index.ts';
import { useOwnProfile } from '../../../lib/session/get-own-profile.ts';
import { ProfileForm } from './profile-form.tsx';

function ProfileEditor({ user }: { user: User }) {
  const { t } = useTranslation('members');
  const profile = useOwnProfile();
  if (profile.isPending) return <LoadingSpinner />;
  if (profile.isError) {
    const error = toFormErrors(profile.error).form;
    return <Alert variant="danger">{translateError(t, error ?? { code: 'error_generic' })}</Alert>;
  }
  return (
    <Row className="g-4">
      <Col xs={12} lg={5} xl={4}>
        <Card className="border-0 shadow-sm">
          <Card.Body className="p-3 p-md-4">
            <PhotosManager profile={profile.data} isPremium={user.paid_user} />
          </Card.Body>
        </Card>
      </Col>
      <Col xs={12} lg={7} xl={8}>
        <Card className="border-0 shadow-sm mb-4">
          <Card.Body className="p-3 p-md-4">
            <ProfileForm key={profile.data.id} profile={profile.data} />
          </Card.Body>
        </Card>
        <Card className="border-0 shadow-sm">
          <Card.Body className="p-3 p-md-4">
            <BlockedMembers />
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('members');
  return (
    <Container className="py-4">
      <PageTitle title={t('profile.title')} />
      <MembersOnly>
        {(user) => (
          <>
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
              <h1 className="h2 mb-0">{t('profile.title')}</h1>
              <Link to={paths.membersId.getHref(user.profile.id)} className="btn btn-outline-primary">
                {t('profile.viewOwn')}
              </Link>
            </div>
            <ProfileEditor user={user} />
          </>
        )}
      </MembersOnly>
    </Container>
  );
}
