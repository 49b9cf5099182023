// /likes and /likes/:type (liked, liked-by, matches): the likes lists, page by page; liked-by shows new likes first with "Like back".
import { useId, useMemo } from 'react';
import { Badge, Container, Nav } from 'react-bootstrap';
import { NavLink, data, useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LikeListType } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import {
  ProfileCard,
  ProfileCardGrid,
  ProfileCardGridItem,
  ProfileCardGridSkeleton,
} from '../../../components/profile-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { MoreBelow } from '../../../components/load-more-button.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { useLikes } from '../api/get-likes.ts';
import { useLikesList } from '../api/get-likes-list.ts';
import { LikeButton } from './like-button.tsx';
import '../likes.css';
import { InstalledAppBack } from '../../../components/installed-app-back.tsx';

/** Mirrors LIKE_LIST_TYPES of @app/contracts; the order of the tabs. */
export const LIKE_TABS = [
  { type: 'liked-by', label: 'likes.likedBy' },
  { type: 'liked', label: 'likes.liked' },
  { type: 'matches', label: 'likes.matches' },
] as const satisfies readonly { type: LikeListType; label: string }[];
export const DEFAULT_LIKE_TAB: LikeListType = 'liked-by';

export function isLikeListType(value: string | undefined): value is LikeListType {
  return LIKE_TABS.some((tab) => tab.type === value);
}

/** /likes/:type with an unknown type is the 404 page. */
export function likesTypeLoader({ params }: LoaderFunctionArgs) {
  if (!isLikeListType(params.type)) throw data(null, { status: 404 });
  return null;
}

/** Skeleton cards while a list loads: a row on a wide screen, the first screen on a phone. */
const LIKES_SKELETON_CARDS = 5;

function LikesList({ type }: { type: LikeListType }) {
  const { t } = useTranslation('members');
  const list = useLikesList(type);
  const { data: likes } = useLikes();
  const likedIds = useMemo(() => new Set(likes?.profiles.map((profile) => profile.id)), [likes]);
  const items = list.data?.pages.flatMap((page) => page.profiles) ?? [];
  const listId = useId();

  if (list.isPending) return <ProfileCardGridSkeleton count={LIKES_SKELETON_CARDS} label={t('common.loading')} />;
  if (list.isError)
    return (
      <p className="text-danger">{translateError(t, toFormErrors(list.error).form ?? { code: 'error_generic' })}</p>
    );
  if (items.length === 0) return <p className="text-body-secondary py-4 text-center">{t(`likes.empty.${type}`)}</p>;

  return (
    <>
      <ProfileCardGrid id={listId} label={t(LIKE_TABS.find((tab) => tab.type === type)!.label)}>
        {items.map((item) => (
          <ProfileCardGridItem key={item.id}>
            <ProfileCard
              headingLevel={2}
              profile={item}
              to={paths.likesMId.getHref(item.id)}
              isHighlighted={item.like_new}
              badge={
                item.like_new ? (
                  <Badge bg="primary" pill className="likes-new-badge">
                    {t('likes.new')}
                  </Badge>
                ) : undefined
              }
              actions={
                type === 'liked-by' && !likedIds.has(item.id) ? (
                  <LikeButton profile={item} isLiked={false} isLikedBy canUnlike={false} size="sm" className="w-100" />
                ) : undefined
              }
            />
          </ProfileCardGridItem>
        ))}
      </ProfileCardGrid>
      <MoreBelow pages={list} list={{ id: listId, itemCount: items.length }}>
        {t('search.loadMore')}
      </MoreBelow>
    </>
  );
}

export function LikesPage() {
  const { t } = useTranslation('members');
  const { type: rawType } = useParams();
  const type: LikeListType = isLikeListType(rawType) ? rawType : DEFAULT_LIKE_TAB;
  const { data: likes } = useLikes();
  const newLikes = likes?.liked_by.filter((entry) => entry.like_new).length ?? 0;
  return (
    <Container className="py-4">
      <PageTitle title={t('likes.title')} />
      <InstalledAppBack />
      <h1 className="h2 mb-3">{t('likes.title')}</h1>
      <MembersOnly>
        {() => (
          <>
            <Nav
              variant="pills"
              className="likes-tabs flex-nowrap overflow-auto mb-4 gap-1"
              as="nav"
              aria-label={t('likes.tabsLabel')}
            >
              {LIKE_TABS.map((tab) => (
                <Nav.Item key={tab.type}>
                  <Nav.Link
                    as={NavLink}
                    to={paths.likesType.getHref(tab.type)}
                    className={tab.type === type ? 'active' : undefined}
                    aria-current={tab.type === type ? 'page' : undefined}
                  >
                    {t(tab.label)}
                    {tab.type === 'liked-by' && newLikes > 0 && (
                      <Badge bg="light" text="dark" pill className="ms-2">
                        {t('likes.newCount', { count: newLikes })}
                      </Badge>
                    )}
                  </Nav.Link>
                </Nav.Item>
              ))}
              <Nav.Item>
                <Nav.Link as={NavLink} to={paths.visitors.getHref()}>
                  {t('visitors.title')}
                </Nav.Link>
              </Nav.Item>
            </Nav>
            <LikesList key={type} type={type} />
          </>
        )}
      </MembersOnly>
    </Container>
  );
}
