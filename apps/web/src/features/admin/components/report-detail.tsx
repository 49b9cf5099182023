// One report: who reported whom and why, the reported content as it is now, the history between the two members
// (messages, likes, blocks), and the decision: dismiss, or act (optionally ban the member or reject the photo),
// always with a resolution note. Focus moves to the report's heading when it opens.
import { useEffect, useRef, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  BAN_REASONS,
  PHOTO_REJECT_REASONS,
  adminReportActionRequestSchema,
  adminReportDismissRequestSchema,
} from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { adminFormError, toAdminFormError } from '../lib/admin-errors.ts';
import { useAdminReport } from '../api/admin-report.ts';
import { useHandleReport } from '../api/handle-report.ts';

/** An empty note reads as the decision's own request, not the generic "invalid value". */
const RESOLUTION_REQUIRED = { resolution: 'admin:report.resolutionRequired' };

export function ReportDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const query = useAdminReport(id);
  const handle = useHandleReport(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useFormValues({ resolution: '', ban: '', reject_photo: '' });

  useEffect(() => {
    if (query.data) heading.current?.focus();
  }, [query.data]);

  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <FormErrorAlert error={toAdminFormError(query.error)} />;
  const report = query.data.report;
  const names: Record<number, string> = {};
  if (report.reporter.profile_id) names[report.reporter.profile_id] = report.reporter.name ?? '—';
  if (report.reported.profile_id) names[report.reported.profile_id] = report.reported.name ?? '—';
  const nameOf = (profileId: number) => names[profileId] ?? `#${profileId}`;

  const decide = (kind: 'dismiss' | 'action') => {
    const { resolution, ban, reject_photo: rejectPhoto } = form.values;
    const onError = (error: unknown) => form.showApiError(error);
    if (kind === 'dismiss') {
      const body = form.validate(adminReportDismissRequestSchema, { resolution }, RESOLUTION_REQUIRED);
      if (body) handle.mutate({ kind, ...body }, { onError });
      return;
    }
    const body = form.validate(
      adminReportActionRequestSchema,
      {
        resolution,
        ...(ban ? { ban: { reason: ban } } : {}),
        ...(rejectPhoto ? { reject_photo: { reason: rejectPhoto } } : {}),
      },
      RESOLUTION_REQUIRED,
    );
    if (body) handle.mutate({ kind, ...body }, { onError });
  };

  return (
    <Card className="shadow-sm">
      <Card.Body>
        <div className="d-flex align-items-start justify-content-between gap-2 mb-2">
          <h2 ref={heading} tabIndex={-1} className="h5 mb-0">
            {t('report.title', { id: report.id })}{' '}
            <Badge bg={report.status === 'open' ? 'warning' : 'secondary'}>
              {t(`reports.status.${report.status}`)}
            </Badge>
          </h2>
          <Button variant="outline-secondary" size="sm" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
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

        <h3 className="h6">{t('report.content')}</h3>
        {report.content.photo_url && (
          <img
            src={report.content.photo_url}
            alt={t('report.photoAlt', { name: report.reported.name ?? '' })}
            className="img-fluid rounded mb-2"
            style={{ maxHeight: 240 }}
          />
        )}
        {report.content.message_text && (
          <blockquote className="border-start border-3 ps-2 mb-2 text-break">{report.content.message_text}</blockquote>
        )}
        {report.content.message_photo_url && (
          <img
            src={report.content.message_photo_url}
            alt={t('report.messagePhotoAlt', { name: report.reported.name ?? '' })}
            className="img-fluid rounded mb-2"
            style={{ maxHeight: 240 }}
          />
        )}
        {report.content.profile && (
          <p className="small mb-3">
            {report.content.profile.name} ·{' '}
            {[report.content.profile.city, report.content.profile.country].filter(Boolean).join(', ')}
            {report.content.profile.about_me && (
              <span className="d-block text-body-secondary text-break">{report.content.profile.about_me}</span>
            )}
          </p>
        )}

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

        {report.status === 'open' ? (
          <Form
            id={form.formId}
            noValidate
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              decide('action');
            }}
            aria-label={t('report.decision')}
          >
            <FormErrorAlert error={adminFormError(form.formError)} />
            <FormField
              {...form.bind('resolution')}
              label={t('report.resolution')}
              as="textarea"
              rows={2}
              maxLength={1000}
              isRequired
              className="mb-2"
            />
            <FormSelect
              {...form.bind('ban')}
              label={t('report.ban')}
              placeholder={t('report.noBan')}
              options={BAN_REASONS.map((reason) => ({ value: reason, label: t(`banReasons.${reason}`) }))}
            />
            {report.target === 'photo' && report.photo_id !== null && (
              <FormSelect
                {...form.bind('reject_photo')}
                label={t('report.rejectPhoto')}
                placeholder={t('report.keepPhoto')}
                options={PHOTO_REJECT_REASONS.map((reason) => ({
                  value: reason,
                  label: t(`photoRejectReasons.${reason}`),
                }))}
              />
            )}
            <div className="d-flex flex-wrap gap-2 mt-3">
              <SubmitButton variant="danger" isPending={handle.isPending}>
                {t('report.action')}
              </SubmitButton>
              <Button variant="outline-secondary" disabled={handle.isPending} onClick={() => decide('dismiss')}>
                {t('report.dismiss')}
              </Button>
            </div>
          </Form>
        ) : (
          <Alert variant="secondary" className="small mb-0" role="status">
            {t('report.handled', {
              date: report.handled_at ? formatDate(report.handled_at, { dateStyle: 'short', timeStyle: 'short' }) : '',
            })}
            {report.resolution && <span className="d-block">{report.resolution}</span>}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
