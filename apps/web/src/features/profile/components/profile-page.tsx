// /profile: the member's profile as a short sequence of steps (photos, about you, prompts, details, interests, search
// preferences, verification), one on screen at a time (`?step=`), with one draft and one Save for everything typed
// (docs/profile-completeness.md, "The editor"); beside it the completeness meter and the list of steps; blocked
// members at the end.
import { Alert, Button, Card, Col, Container, Form, Row } from 'react-bootstrap';
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
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { DRAFT_STEPS, useProfileDraft, type ProfileDraft } from '../hooks/use-profile-draft.ts';
import { useProfileStep, useUnsavedWarning } from '../hooks/use-profile-step.ts';
import {
  PROFILE_SECTIONS,
  getProfileCompleteness,
  type Completeness,
  type ProfileSectionId,
} from '../lib/profile-completeness.ts';
import { CompletenessMeter, SectionNav } from './completeness-meter.tsx';
import { SectionCard, sectionElementId } from './profile-section.tsx';
import { AboutSection, DetailsSection, InterestsSection, PreferencesSection } from './profile-sections.tsx';
import { PromptsEditor } from './prompts-editor.tsx';
import { VerificationStep } from './verification-step.tsx';
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

function StepContent({
  step,
  user,
  profile,
  draft,
}: {
  step: ProfileSectionId;
  user: User;
  profile: OwnProfile;
  draft: ProfileDraft;
}) {
  switch (step) {
    case 'photos':
      return <PhotosManager profile={profile} isPremium={user.paid_user} isTitleHidden />;
    case 'about':
      return <AboutSection draft={draft} />;
    case 'prompts':
      return <PromptsEditor draft={draft} />;
    case 'details':
      return <DetailsSection draft={draft} />;
    case 'interests':
      return <InterestsSection draft={draft} />;
    case 'preferences':
      return <PreferencesSection draft={draft} profile={profile} />;
    case 'verification':
      return <VerificationStep profile={profile} />;
  }
}

/** Back, the save status with Save, and Next under the step. */
function ProfileEditorBar({
  draft,
  step,
  goTo,
}: {
  draft: ProfileDraft;
  step: ProfileSectionId;
  goTo: (next: ProfileSectionId) => void;
}) {
  const { t } = useTranslation('members');
  const index = PROFILE_SECTIONS.indexOf(step);
  const previous = PROFILE_SECTIONS[index - 1];
  const next = PROFILE_SECTIONS[index + 1];
  return (
    <div className="profile-editor-bar" data-testid="profile-editor-bar">
      <Button
        variant="link"
        className="profile-editor-back"
        disabled={!previous}
        onClick={() => previous && goTo(previous)}
      >
        {t('profileForm.back')}
      </Button>
      <div className="profile-editor-save d-flex align-items-center gap-2">
        <span role="status" className="profile-editor-status small">
          {draft.isDirty ? t('profileForm.unsaved') : draft.isSaved ? t('profileForm.saved') : ''}
        </span>
        {/* Enter in a step's fields submits its form; photos and the selfie have no form: the click saves. */}
        <SubmitButton
          variant={draft.isDirty ? 'primary' : 'outline-primary'}
          isPending={draft.isPending}
          onClick={DRAFT_STEPS.has(step) ? undefined : draft.save}
        >
          {t('profileForm.save')}
        </SubmitButton>
      </div>
      <Button
        variant="outline-primary"
        className="profile-editor-next"
        disabled={!next}
        onClick={() => next && goTo(next)}
      >
        {next ? t('profileForm.next') : t('profileForm.last')}
      </Button>
    </div>
  );
}

/** The completeness meter and the list of steps beside the editor. */
function ProfileAside({
  completeness,
  step,
  goTo,
}: {
  completeness: Completeness;
  step: ProfileSectionId;
  goTo: (next: ProfileSectionId) => void;
}) {
  return (
    <div className="profile-aside d-flex flex-column gap-3">
      <CompletenessMeter completeness={completeness} onGoTo={goTo} />
      <Card className="profile-nav-card border-0 shadow-sm">
        <Card.Body className="p-2">
          <SectionNav completeness={completeness} current={step} onGoTo={goTo} />
        </Card.Body>
      </Card>
    </div>
  );
}

function ProfileSteps({ user, profile }: { user: User; profile: OwnProfile }) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const { step, goTo } = useProfileStep();
  const draft = useProfileDraft(profile, goTo);
  const completeness = getProfileCompleteness(profile, settings.visible_profile_fields);
  useUnsavedWarning(draft.isDirty);

  const hasFieldErrors = Object.values(draft.errors).some(Boolean);
  const isFieldStep = DRAFT_STEPS.has(step);
  const card = (
    <SectionCard section={step}>
      <FormErrorAlert error={draft.formError} />
      {hasFieldErrors && (
        <Alert variant="danger" role="alert">
          {t('errors:validation_failed')}
        </Alert>
      )}
      <StepContent step={step} user={user} profile={profile} draft={draft} />
    </SectionCard>
  );
  const bar = <ProfileEditorBar draft={draft} step={step} goTo={goTo} />;
  return (
    <Row className="g-4">
      <Col xs={12} lg={4}>
        <ProfileAside completeness={completeness} step={step} goTo={goTo} />
      </Col>
      <Col xs={12} lg={8} className="d-flex flex-column gap-4">
        {isFieldStep ? (
          <Form
            id={draft.formId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              draft.save();
            }}
            aria-labelledby={`${sectionElementId(step)}-title`}
            className="profile-editor"
          >
            {card}
            {bar}
          </Form>
        ) : (
          // Photos and the selfie save on their own (their own forms); Save still saves what other steps hold.
          <div className="profile-editor">
            {card}
            {bar}
          </div>
        )}
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
  // Keyed by the profile: the draft belongs to this member's profile.
  return <ProfileSteps key={profile.data.id} user={user} profile={profile.data} />;
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
