// /likes/m/:id: the likes between the member and one other member (who liked whom, since when, match); opening it clears like_new.
import { useEffect, type ReactNode } from 'react';
import { Alert, Card, Container } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LikesMemberResponse } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { HeartFilledIcon, ThumbsUpIcon } from '../../../components/member-icons.tsx';
import { HeartIcon } from '../../../components/icons.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError } from '../../../lib/form-errors.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { BlockedByNotice } from '../../../components/blocked-by-notice.tsx';
import { useLikesMember } from '../api/get-likes-member.ts';
import { likesKeys } from '../api/get-likes.ts';
import { LikeButton } from './like-button.tsx';
import { InstalledAppBack } from '../../../components/installed-app-back.tsx';

/** Who liked whom between the two, and since when (or that neither did). */
function LikesBetweenList({ pair }: { pair: LikesMemberResponse }) {
  const { t } = useTranslation('members');
  const { profile } = pair;
  const rows = [
    pair.is_match && {
      key: 'match',
      icon: <HeartFilledIcon />,
      text: t('likes.matchSince', { name: profile.name }),
      date: pair.matched_at,
    },
    pair.is_liked_by && {
      key: 'liked-by',
      icon: <ThumbsUpIcon />,
      text: t('likes.likesYou', { name: profile.name }),
      date: pair.liked_by_at,
    },
    pair.is_liked && {
      key: 'liked',
      icon: <HeartIcon />,
      text: t('likes.youLike', { name: profile.name }),
      date: pair.liked_at,
    },
  ].filter(Boolean) as { key: string; icon: ReactNode; text: string; date: string | null }[];

  return (
    <>
      {rows.length === 0 && <p className="text-body-secondary">{t('likes.noLikesBetween', { name: profile.name })}</p>}
      <ul className="list-unstyled text-start my-3">
        {rows.map((row) => (
          <li key={row.key} className="d-flex align-items-center gap-2 py-2 border-bottom">
            <span className="text-primary">{row.icon}</span>
            <span className="flex-grow-1">{row.text}</span>
            {row.date && (
              <span className="small text-body-secondary">
                {t('likes.since', { date: formatDate(row.date, { dateStyle: 'medium' }) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function LikesOverview({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const pair = useLikesMember(id);
  const hasLoaded = pair.isSuccess;

  // The server cleared like_new: the badge follows.
  useEffect(() => {
    if (hasLoaded) void queryClient.invalidateQueries({ queryKey: likesKeys.all });
  }, [hasLoaded, queryClient]);

  if (pair.isPending) return <LoadingSpinner />;
  if (pair.error instanceof ApiError && pair.error.code === 'blocked_by') {
    const params = pair.error.body?.error?.params as { name?: string } | undefined;
    return <BlockedByNotice name={params?.name ?? ''} />;
  }
  if (pair.isError) {
    return (
      <Alert variant="danger">
        {translateError(t, { code: pair.error instanceof ApiError ? pair.error.code : 'error_generic' })}
      </Alert>
    );
  }
  const { profile } = pair.data;
  return (
    <Card className="border-0 shadow-sm mx-auto" style={{ maxWidth: '32rem' }}>
      <PageTitle title={t('likes.overviewTitle', { name: profile.name })} />
      <InstalledAppBack />
      <Card.Body className="p-4 text-center">
        <Link
          to={paths.membersId.getHref(profile.id)}
          className="d-inline-block rounded-circle overflow-hidden mb-3"
          style={{ width: 128, height: 128 }}
        >
          <MemberPhoto
            image={profile.main_image}
            alt={t('likes.openProfileOf', { name: profile.name })}
            isLazy={false}
          />
        </Link>
        <h1 className="h3">{t('likes.overviewTitle', { name: profile.name })}</h1>
        <LikesBetweenList pair={pair.data} />
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <LikeButton
            key={String(pair.data.is_liked)}
            profile={profile}
            isLiked={pair.data.is_liked}
            isLikedBy={pair.data.is_liked_by}
          />
          <Link to={paths.membersId.getHref(profile.id)} className="btn btn-outline-primary">
            {t('likes.viewProfile')}
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}

export function LikesMemberPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  return (
    <Container className="py-4">
      <MembersOnly>{() => <LikesOverview id={id} />}</MembersOnly>
    </Container>
  );
}
