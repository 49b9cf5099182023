// /visitors: who viewed the member's profile in the last 30 days (docs/visitors.md). Premium members see the visitors,
// free members the count, blurred placeholder cards (drawn here: the server sends no visitor's data) and the upgrade.
import { useId } from 'react';
import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VISITORS_PLACEHOLDERS_MAX, VISITS_KEPT_DAYS, type VisitorItem } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import {
  ProfileCard,
  ProfileCardGrid,
  ProfileCardGridItem,
  ProfileCardGridSkeleton,
} from '../../../components/profile-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { MoreBelow } from '../../../components/load-more-button.tsx';
import { MembersOnly } from '../../../components/members-only.tsx';
import { InstalledAppBack } from '../../../components/installed-app-back.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { useVisitors } from '../api/get-visitors.ts';
import '../visitors.css';

const SKELETON_CARDS = 5;

/** Free members: blurred silhouettes, one per visitor up to VISITORS_PLACEHOLDERS_MAX, and the way to premium. */
function LockedVisitors({ count }: { count: number }) {
  const { t } = useTranslation('members');
  const placeholders = Math.min(count, VISITORS_PLACEHOLDERS_MAX);
  return (
    <>
      <ul className="visitors-placeholders list-unstyled mb-4" aria-hidden="true">
        {Array.from({ length: placeholders }, (_, index) => (
          <li key={index} className="visitors-placeholder" />
        ))}
      </ul>
      <div className="text-center">
        <p className="mb-3">{t('visitors.locked')}</p>
        <Link to={paths.credits.getHref()} className="btn btn-primary">
          {t('visitors.upgrade')}
        </Link>
      </div>
    </>
  );
}

function VisitorCards({ items, listId }: { items: VisitorItem[]; listId: string }) {
  const { t } = useTranslation('members');
  return (
    <ProfileCardGrid id={listId} label={t('visitors.listLabel')}>
      {items.map((item) => (
        <ProfileCardGridItem key={item.id}>
          <ProfileCard
            headingLevel={2}
            profile={item}
            to={paths.membersId.getHref(item.id)}
            actions={
              <p className="small text-body-secondary mb-0">
                {t('visitors.visitedOn', { date: formatDate(item.visited_at, { dateStyle: 'medium' }) })}
              </p>
            }
          />
        </ProfileCardGridItem>
      ))}
    </ProfileCardGrid>
  );
}

function VisitorsContent() {
  const { t } = useTranslation('members');
  const list = useVisitors();
  const listId = useId();

  if (list.isPending) return <ProfileCardGridSkeleton count={SKELETON_CARDS} label={t('common.loading')} />;
  if (list.isError)
    return (
      <p className="text-danger">{translateError(t, toFormErrors(list.error).form ?? { code: 'error_generic' })}</p>
    );
  const first = list.data.pages[0]!;
  if (first.count === 0)
    return <p className="text-body-secondary py-4 text-center">{t('visitors.empty', { days: VISITS_KEPT_DAYS })}</p>;
  const items = list.data.pages.flatMap((page) => page.visitors);
  return (
    <>
      <p className="lead mb-4">{t('visitors.count', { count: first.count, days: VISITS_KEPT_DAYS })}</p>
      {first.is_locked ? (
        <LockedVisitors count={first.count} />
      ) : (
        <>
          <VisitorCards items={items} listId={listId} />
          <MoreBelow pages={list} list={{ id: listId, itemCount: items.length }}>
            {t('search.loadMore')}
          </MoreBelow>
        </>
      )}
    </>
  );
}

export function VisitorsPage() {
  const { t } = useTranslation('members');
  return (
    <Container className="py-4">
      <PageTitle title={t('visitors.title')} />
      <InstalledAppBack />
      <h1 className="h2 mb-3">{t('visitors.title')}</h1>
      <MembersOnly>{() => <VisitorsContent />}</MembersOnly>
    </Container>
  );
}
