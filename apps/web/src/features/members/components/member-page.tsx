// /members/:id: a member's profile (SPEC sections 2 and 6): photos, fields with notes, interests, the actions, the fictional warning; "blocked by" instead when blocked.
import { useEffect, useLayoutEffect } from 'react';
import { Alert, Badge, Col, Container, Row } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigationType, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberProfile, User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useServerStatus } from '../../../lib/server-render.ts';
import { FictionalIcon } from '../../../components/fictional-icon.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { PromptQuote } from '../../../components/prompt-quote.tsx';
import { InterestList } from '../../../components/interest-list.tsx';
import { useLocationText } from '../../../components/use-location-text.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError } from '../../../lib/form-errors.ts';
import { SignupLink } from '../../../components/signup-link.tsx';
import { BlockedByNotice } from '../../../components/blocked-by-notice.tsx';
import { findSearchedCard } from '../../search/index.ts';
import { likesKeys, UnmatchButton } from '../../likes/index.ts';
import { BlockButton } from '../../blocks/index.ts';
import { ReportButton } from '../../reports/index.ts';
import { useMember } from '../api/get-member.ts';
import { FictionalWarning } from './fictional-warning.tsx';
import { MemberActions } from './member-actions.tsx';
import { FieldNote, MemberDetails } from './member-details.tsx';
import { MemberPhotoGallery } from './member-photo-gallery.tsx';
import '../members.css';
import { InstalledAppBack } from '../../../components/installed-app-back.tsx';

/** The name, age, badges and place, and whether the two like each other. */
function MemberHeader({ member, place }: { member: MemberProfile; place: string | null | undefined }) {
  const { t } = useTranslation('members');
  const relation = member.relation;
  return (
    <header className="mb-3">
      <h1 className="member-name mb-1 d-flex flex-wrap align-items-center gap-2">
        <span>
          {member.name}
          {typeof member.age === 'number' && <span className="fw-normal">, {member.age}</span>}
        </span>
        {member.is_verified && <VerifiedBadge withText />}
        {member.is_fictional && <FictionalIcon />}
      </h1>
      {place && <p className="text-body-secondary mb-2">{place}</p>}
      <div className="d-flex flex-wrap gap-2">
        {relation?.is_match && (
          <Badge bg="primary" pill>
            {t('likes.match')}
          </Badge>
        )}
        {relation && !relation.is_match && relation.is_liked_by && (
          <Badge bg="secondary" pill>
            {t('likes.likesYouBadge')}
          </Badge>
        )}
      </div>
    </header>
  );
}

/** About me, the prompts, the details and the interests, each with its note. */
function MemberSections({ member }: { member: MemberProfile }) {
  const { t } = useTranslation('members');
  return (
    <>
      {member.about_me && (
        <section className="member-section" aria-labelledby="about-title">
          <h2 id="about-title" className="member-section-title">
            {t('fields.aboutMe')}
          </h2>
          <p className="member-about mb-0 text-break">{member.about_me}</p>
          <FieldNote field="about_me" />
        </section>
      )}

      {member.prompts && member.prompts.length > 0 && (
        <section className="member-section" aria-labelledby="prompts-title">
          <h2 id="prompts-title" className="visually-hidden">
            {t('prompts.title')}
          </h2>
          <div className="d-flex flex-column gap-2">
            {member.prompts.map((entry) => (
              <PromptQuote key={entry.prompt} prompt={entry} variant="page" />
            ))}
          </div>
        </section>
      )}

      <section className="member-section" aria-labelledby="details-title">
        <h2 id="details-title" className="member-section-title">
          {t('profile.detailsTitle')}
        </h2>
        <MemberDetails member={member} />
      </section>

      {member.interests && member.interests.length > 0 && (
        <section className="member-section" aria-labelledby="interests-title">
          <h2 id="interests-title" className="member-section-title">
            {t('fields.interests')}
          </h2>
          <InterestList keys={member.interests} label={t('fields.interests')} />
          <FieldNote field="interests" />
        </section>
      )}
    </>
  );
}

function MemberProfileView({ member, viewer }: { member: MemberProfile; viewer: User | null }) {
  const { t } = useTranslation('members');
  const locationText = useLocationText();
  const place = locationText(member);
  const relation = member.relation;
  const isBlocked = relation?.is_blocked ?? false;

  return (
    <Container className={`member-page py-3 py-lg-4 ${!member.is_self && !isBlocked ? 'has-action-bar' : ''}`}>
      <PageTitle title={member.name} />
      <InstalledAppBack />
      <Row className="g-4 g-xl-5">
        <Col xs={12} lg={7}>
          <div className="member-gallery-column">
            <MemberPhotoGallery member={member} canReport={!member.is_self && viewer !== null} />
          </div>
        </Col>
        <Col xs={12} lg={5}>
          {member.is_fictional && <FictionalWarning />}
          <MemberHeader member={member} place={place} />

          {member.is_self ? (
            <Link to={paths.profile.getHref()} className="btn btn-primary mb-4">
              {t('profile.edit')}
            </Link>
          ) : (
            <div className="mb-4">
              {isBlocked && (
                <Alert variant="warning" className="py-2">
                  {t('profile.blocked', { name: member.name })}
                </Alert>
              )}
              {!isBlocked && <MemberActions member={member} viewer={viewer} className="member-action-bar" />}
            </div>
          )}

          {member.is_limited && (
            <Alert variant="light" className="border d-flex flex-wrap align-items-center justify-content-between gap-2">
              <span>{t('profile.loginForMore')}</span>
              <SignupLink className="btn btn-sm btn-primary" targetProfileId={member.id}>
                {t('notices.login.signUp')}
              </SignupLink>
            </Alert>
          )}

          <MemberSections member={member} />

          {!member.is_self && viewer && (
            <div className="member-safety d-flex flex-wrap align-items-center justify-content-between gap-2">
              <span className="small text-body-secondary">{t('memberPage.safetyText', { name: member.name })}</span>
              <div className="d-flex flex-wrap gap-2">
                {relation?.is_match && !isBlocked && <UnmatchButton profile={member} />}
                <ReportButton profile={member} />
                <BlockButton profile={member} isBlocked={isBlocked} />
              </div>
            </div>
          )}
        </Col>
      </Row>
    </Container>
  );
}

/** Skeleton of the member page while it loads: the gallery's and the header's boxes, so nothing moves when it arrives. */
function MemberPageSkeleton() {
  const { t } = useTranslation('members');
  return (
    <Container className="member-page py-3 py-lg-4" role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Row className="g-4 g-xl-5 placeholder-glow" aria-hidden="true">
        <Col xs={12} lg={7}>
          <span className="member-gallery-stage placeholder d-block" />
        </Col>
        <Col xs={12} lg={5}>
          <span className="placeholder placeholder-lg col-6 d-block mb-3" />
          <span className="placeholder col-4 d-block mb-4" />
          <span className="placeholder col-12 d-block rounded-3 mb-4" style={{ height: '2.5rem' }} />
          <span className="placeholder col-12 d-block rounded-3" style={{ height: '8rem' }} />
        </Col>
      </Row>
    </Container>
  );
}

export function MemberPage() {
  const { t } = useTranslation('members');
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const { data: viewer, isPending: isSessionPending } = useUser();
  const member = useMember(id);
  const queryClient = useQueryClient();
  const isLikedBy = member.data?.relation?.is_liked_by ?? false;
  const navigationType = useNavigationType();

  // A profile opened from a list starts at its top, not where the list was scrolled to (Back keeps the browser's place).
  // Again once the profile replaced its skeleton: the browser may have kept the list's offset while the route loaded.
  const hasLoaded = member.isSuccess;
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [id, navigationType, hasLoaded]);

  // Opening a liker's profile cleared their like_new on the server: the new-likes badge follows.
  useEffect(() => {
    if (isLikedBy) void queryClient.invalidateQueries({ queryKey: likesKeys.all });
  }, [isLikedBy, id, queryClient]);

  const isNotFound =
    !Number.isInteger(id) || id <= 0 || (member.error instanceof ApiError && member.error.status === 404);
  // The server's first view of this page answers 404 (docs/web-shell.md, "Unknown pages").
  useServerStatus(isNotFound ? 404 : null);
  if (isNotFound) {
    return (
      <Container className="py-5 text-center">
        <PageTitle title={t('errors:profile_not_found')} />
        <h1 className="h3 mb-3">{t('errors:profile_not_found')}</h1>
        <Link to={paths.members.getHref()} className="btn btn-primary">
          {t('blocks.backToSearch')}
        </Link>
      </Container>
    );
  }
  if (member.error instanceof ApiError && member.error.code === 'blocked_by') {
    const params = member.error.body?.error?.params as { name?: string } | undefined;
    return <BlockedByNotice name={params?.name ?? findSearchedCard(queryClient, id)?.name ?? ''} />;
  }
  if (member.error) {
    return (
      <Container className="py-5">
        <Alert variant="danger">
          {translateError(t, { code: member.error instanceof ApiError ? member.error.code : 'error_generic' })}
        </Alert>
      </Container>
    );
  }
  if (member.isPending || isSessionPending) {
    const cached = findSearchedCard(queryClient, id);
    return (
      <>
        {cached && <PageTitle title={cached.name} />}
        <MemberPageSkeleton />
      </>
    );
  }
  return <MemberProfileView member={member.data} viewer={viewer ?? null} />;
}
