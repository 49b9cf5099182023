// The parts of one report's page (report-detail.tsx): who and why, the reported content as it is now, and the history
// between the two members.
import { useTranslation } from 'react-i18next';
import type { AdminReportDetail } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { ScreeningBadge } from './screening-badge.tsx';

/** Who reported whom, why, and how often the reported member was reported before. */
export function ReportFacts({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="row small mb-3">
      <dt className="col-sm-4">{t('report.reporter')}</dt>
      <dd className="col-sm-8">{report.reporter.name ?? t('report.gone')}</dd>
      <dt className="col-sm-4">{t('report.reported')}</dt>
      <dd className="col-sm-8">
        {report.reported.name ?? t('report.gone')}{' '}
        {report.reported.user_id !== null && (
          <span className="text-body-secondary">({t('report.userId', { id: report.reported.user_id })})</span>
        )}
      </dd>
      <dt className="col-sm-4">{t('reports.columns.reason')}</dt>
      <dd className="col-sm-8">{t(`reasons.${report.reason}`, { ns: 'reports' })}</dd>
      {report.remarks && (
        <>
          <dt className="col-sm-4">{t('report.remarks')}</dt>
          <dd className="col-sm-8" style={{ whiteSpace: 'pre-wrap' }}>
            {report.remarks}
          </dd>
        </>
      )}
      <dt className="col-sm-4">{t('report.otherReports')}</dt>
      <dd className="col-sm-8">
        {Object.entries(report.reported_counts)
          .map(([status, count]) => `${t(`reports.status.${status}`, { defaultValue: status })}: ${count}`)
          .join(', ') || '0'}
      </dd>
    </dl>
  );
}

/** The reported photo, message or profile as it is now. */
export function ReportContent({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin');
  const { content } = report;
  return (
    <>
      <h3 className="h6">{t('report.content')}</h3>
      {content.photo_url && (
        <img
          src={content.photo_url}
          alt={t('report.photoAlt', { name: report.reported.name ?? '' })}
          className="img-fluid rounded mb-2"
          style={{ maxHeight: 240 }}
        />
      )}
      {content.photo_url && (
        <p className="small mb-2">
          <ScreeningBadge screening={content.photo_screening} />
        </p>
      )}
      {content.message_text && (
        <blockquote className="border-start border-3 ps-2 mb-2 text-break">{content.message_text}</blockquote>
      )}
      {content.message_photo_url && (
        <img
          src={content.message_photo_url}
          alt={t('report.messagePhotoAlt', { name: report.reported.name ?? '' })}
          className="img-fluid rounded mb-2"
          style={{ maxHeight: 240 }}
        />
      )}
      {content.message_photo_url && (
        <p className="small mb-2">
          <ScreeningBadge screening={content.message_photo_screening} />
        </p>
      )}
      {content.profile && (
        <p className="small mb-3">
          {content.profile.name} · {[content.profile.city, content.profile.country].filter(Boolean).join(', ')}
          {content.profile.about_me && (
            <span className="d-block text-body-secondary text-break">{content.profile.about_me}</span>
          )}
        </p>
      )}
    </>
  );
}

/** The messages, likes and blocks between the two members. */
export function ReportHistory({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin');
  const names: Record<number, string> = {};
  if (report.reporter.profile_id) names[report.reporter.profile_id] = report.reporter.name ?? '—';
  if (report.reported.profile_id) names[report.reported.profile_id] = report.reported.name ?? '—';
  const nameOf = (profileId: number) => names[profileId] ?? `#${profileId}`;
  return (
    <>
      <h3 className="h6">{t('report.history')}</h3>
      {report.history.messages.length === 0 ? (
        <p className="small text-body-secondary">{t('report.noMessages')}</p>
      ) : (
        <DataTable
          caption={t('report.history')}
          className="small"
          rows={report.history.messages}
          rowKey={(message) => message.id}
          columns={[
            { key: 'from', header: t('report.from'), cell: (message) => nameOf(message.from_profile_id) },
            {
              key: 'message',
              header: t('report.message'),
              cell: (message) =>
                message.photo_url ? (
                  <img
                    src={message.photo_url}
                    alt={t('report.messagePhotoAlt', { name: nameOf(message.from_profile_id) })}
                    className="rounded"
                    width={64}
                    height={64}
                    style={{ objectFit: 'cover' }}
                  />
                ) : (
                  <span className="text-break">{message.text}</span>
                ),
            },
            {
              key: 'created',
              header: t('reports.columns.created'),
              cell: (message) => formatDate(message.created_at, { dateStyle: 'short', timeStyle: 'short' }),
            },
          ]}
        />
      )}
      <ul className="small">
        {report.history.likes.map((like) => (
          <li key={`like-${like.from_profile_id}`}>
            {t('report.liked', { from: nameOf(like.from_profile_id), to: nameOf(like.to_profile_id) })}
          </li>
        ))}
        {report.history.blocks.map((block) => (
          <li key={`block-${block.from_profile_id}`}>
            {t('report.blocked', { from: nameOf(block.from_profile_id), to: nameOf(block.to_profile_id) })}
          </li>
        ))}
      </ul>
    </>
  );
}
