// The member page's read-only cards: the heading with the restriction badge, account, profile, sessions and ledger.
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AdminMemberDetail } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { type useAdminMemberLedger } from '../api/admin-member-ledger.ts';
import { MoreButton } from './more-button.tsx';

export function MemberHeading({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const restriction = member.restriction;
  return (
    <h1 className="h4 mb-3">
      {member.name ?? member.email}{' '}
      {restriction && (
        <Badge bg={restriction.kind === 'banned' ? 'danger' : 'warning'}>
          {t(`members.restriction.${restriction.kind}`)}
        </Badge>
      )}
    </h1>
  );
}

export function AccountCard({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const restriction = member.restriction;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">{t('member.account')}</h2>
        <dl className="row small mb-0">
          <dt className="col-5">{t('members.columns.id')}</dt>
          <dd className="col-7">{member.id}</dd>
          <dt className="col-5">{t('members.columns.email')}</dt>
          <dd className="col-7">{member.email}</dd>
          <dt className="col-5">{t('members.columns.site')}</dt>
          <dd className="col-7">{member.site_domain}</dd>
          <dt className="col-5">{t('members.columns.status')}</dt>
          <dd className="col-7">{member.status}</dd>
          <dt className="col-5">{t('member.balance')}</dt>
          <dd className="col-7">{member.balance}</dd>
          <dt className="col-5">{t('member.reports')}</dt>
          <dd className="col-7">
            {t('member.reportCounts', { received: member.reports_received, made: member.reports_made })}
          </dd>
          {restriction && (
            <>
              <dt className="col-5">{t('member.restriction')}</dt>
              <dd className="col-7">
                {t(`banReasons.${restriction.reason}`)}
                {restriction.until &&
                  ` · ${t('member.until', { date: formatDate(restriction.until, { dateStyle: 'short', timeStyle: 'short' }) })}`}
                {restriction.note && <span className="d-block text-body-secondary">{restriction.note}</span>}
              </dd>
            </>
          )}
        </dl>
      </Card.Body>
    </Card>
  );
}

export function ProfileCard({ member }: { member: AdminMemberDetail }) {
  const { t } = useTranslation('admin');
  const profile = member.profile;
  if (!profile) return null;
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">{t('member.profile')}</h2>
        <div className="d-flex gap-3">
          {profile.main_photo_url && (
            <img
              src={profile.main_photo_url}
              alt={t('member.photoAlt', { name: member.name ?? '' })}
              width={96}
              height={96}
              className="rounded object-fit-cover"
            />
          )}
          <p className="small mb-0">
            {[profile.gender, profile.date_of_birth, profile.city, profile.country].filter(Boolean).join(' · ')}
            {profile.about_me && (
              <span className="d-block text-body-secondary mt-1 text-break">{profile.about_me}</span>
            )}
          </p>
        </div>
      </Card.Body>
    </Card>
  );
}

export function SessionsCard({ sessions }: { sessions: AdminMemberDetail['sessions'] }) {
  const { t } = useTranslation('admin');
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">{t('member.sessions')}</h2>
        {sessions.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('member.noSessions')}</p>
        ) : (
          <DataTable
            caption={t('member.sessions')}
            className="small mb-0"
            rows={sessions}
            rowKey={(session) => session.id}
            columns={[
              {
                key: 'seen',
                header: t('member.lastSeen'),
                cell: (session) => formatDate(session.last_seen_at, { dateStyle: 'short', timeStyle: 'short' }),
              },
              { key: 'ip', header: t('member.ip'), cell: (session) => session.ip ?? '—' },
              {
                key: 'device',
                header: t('member.device'),
                className: 'text-truncate',
                style: { maxWidth: 220 },
                cell: (session) => session.user_agent ?? '—',
              },
            ]}
          />
        )}
      </Card.Body>
    </Card>
  );
}

export function LedgerCard({ ledger }: { ledger: ReturnType<typeof useAdminMemberLedger> }) {
  const { t } = useTranslation('admin');
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h6">{t('member.ledger')}</h2>
        {ledger.data && (
          <DataTable
            caption={t('member.ledger')}
            className="small mb-0"
            rows={ledger.data.pages.flatMap((page) => page.entries)}
            rowKey={(entry) => entry.id}
            columns={[
              {
                key: 'created',
                header: t('reports.columns.created'),
                cell: (entry) => formatDate(entry.created_at, { dateStyle: 'short', timeStyle: 'short' }),
              },
              { key: 'amount', header: t('member.amount'), cell: (entry) => entry.amount },
              { key: 'reason', header: t('member.reason'), cell: (entry) => entry.reason },
            ]}
          />
        )}
        <MoreButton query={ledger} className="mt-2" />
      </Card.Body>
    </Card>
  );
}
