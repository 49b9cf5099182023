// /profile: the member's profile in sections (photos, about you, details, interests, search preferences), each saving
// on its own, beside a completeness meter that says what to add next; blocked members at the end.
import { Alert, Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnProfile, User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { Skeleton, SkeletonBox, SkeletonButton, SkeletonLine, SkeletonText } from '../../../components/skeleton.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { PhotosManager } from '../../photos/index.ts';
import { BlockedMembers } from '../../blocks/index.ts';
import { useOwnProfile } from '../../../lib/session/get-own-profile.ts';
import { getProfileCompleteness } from '../lib/profile-completeness.ts';
import { CompletenessMeter, SectionNav } from './completeness-meter.tsx';
import { SectionCard } from './profile-section.tsx';
import { AboutSection, DetailsSection, InterestsSection, PreferencesSection } from './profile-sections.tsx';
import '../profile.css';

/** The editor's shape while the profile loads: the meter beside a photo section and a form section. */
function ProfileEditorSkeleton() {
  const { t } = useTranslation('members');
  return (
    <Skeleton label={t('profileForm.loading')} testId="profile-skeleton">
      <span className="row g-4">
        <span className="d-block col-12 col-lg-4">
          <span className="card d-block border-0 shadow-sm p-3 p-md-4 mb-4">
            <SkeletonLine width={55} className="mb-3" />
            <SkeletonBox height="0.75rem" rounded="rounded-pill" className="mb-3" />
            <SkeletonButton width="12rem" size="sm" />
          </span>
        </span>
        <span className="d-block col-12 col-lg-8">
          <span className="card d-block border-0 shadow-sm p-3 p-md-4 mb-4">
            <SkeletonLine width={30} size="lg" className="mb-3" />
            <span className="d-flex gap-3 mb-3">
              <span className="d-block flex-grow-1">
                <SkeletonBox ratio="1x1" />
              </span>
              <span className="d-block flex-grow-1">
                <SkeletonBox ratio="1x1" />
              </span>
              <span className="d-none d-sm-block flex-grow-1">
                <SkeletonBox ratio="1x1" />
              </span>
            </span>
            <SkeletonBox height="6rem" />
          </span>
          <span className="card d-block border-0 shadow-sm p-3 p-md-4">
            <SkeletonLine width={35} size="lg" className="mb-3" />
            <SkeletonText lines={2} className="mb-3" />
            <SkeletonBox height="8rem" />
          </span>
        </span>
      </span>
    </Skeleton>
  );
}

function ProfileSections({ user, profile }: { user: User; profile: OwnProfile }) {
  const settings = useSettings();
  const completeness = getProfileCompleteness(profile, settings.visible_profile_fields);
  return (
    <Row className="g-4">
      <Col xs={12} lg={4}>
        <div className="profile-aside d-flex flex-column gap-3">
          <CompletenessMeter completeness={completeness} />
          <Card className="profile-nav-card border-0 shadow-sm">
            <Card.Body className="p-2">
              <SectionNav completeness={completeness} />
            </Card.Body>
          </Card>
        </div>
      </Col>
      <Col xs={12} lg={8} className="d-flex flex-column gap-4">
        <SectionCard section="photos">
          <PhotosManager profile={profile} isPremium={user.paid_user} isTitleHidden />
        </SectionCard>
        <AboutSection profile={profile} />
        <DetailsSection profile={profile} />
        <InterestsSection profile={profile} />
        <PreferencesSection profile={profile} />
        <Card className="border-0 shadow-sm">
          <Card.Body className="p-3 p-md-4">
            <BlockedMembers />
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

function ProfileEditor({ user }: { user: User }) {
  const { t } = useTranslation('members');
  const profile = useOwnProfile();
  if (profile.isPending) return <ProfileEditorSkeleton />;
  if (profile.isError) {
    const error = toFormErrors(profile.error).form;
    return <Alert variant="danger">{translateError(t, error ?? { code: 'error_generic' })}</Alert>;
  }
  // Keyed by the profile: each section keeps its own unsaved edits while another section saves.
  return <ProfileSections key={profile.data.id} user={user} profile={profile.data} />;
}

export function ProfilePage() {
  const { t } = useTranslation('members');
  return (
    <Container className="profile-page py-4">
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
