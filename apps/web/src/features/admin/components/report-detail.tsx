// One report: who reported whom and why, the reported content as it is now, the history between the two members
// (messages, likes, blocks), and the decision: dismiss, or act (optionally ban the member or reject the photo),
// always with a resolution note. Focus moves to the report's heading when it opens.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BAN_REASONS, PHOTO_REJECT_REASONS, type BanReason, type PhotoRejectReason } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { toAdminFormError } from '../lib/admin-errors.ts';
import { useAdminReport, useHandleReport } from '../api/reports.ts';

export function ReportDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const query = useAdminReport(id);
  const handle = useHandleReport(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const [resolution, setResolution] = useState('');
  const [ban, setBan] = useState<BanReason | ''>('');
  const [rejectPhoto, setRejectPhoto] = useState<PhotoRejectReason | ''>('');
  const [missingResolution, setMissingResolution] = useState(false);

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

  const decide = (kind: 'dismiss' | 'action') => (event?: FormEvent) => {
    event?.preventDefault();
    if (!resolution.trim()) {
      setMissingResolution(true);
      document.getElementById('report-resolution')?.focus();
      return;
    }
    setMissingResolution(false);
    if (kind === 'dismiss') handle.mutate({ kind, resolution: resolution.trim() });
    else
      handle.mutate({
        kind,
        resolution: resolution.trim(),
        ...(ban ? { ban: { reason: ban } } : {}),
        ...(rejectPhoto ? { reject_photo: { reason: rejectPhoto } } : {}),
      });
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
          <blockquote className="border-start border-3 ps-2 mb-2">{report.content.message_text}</blockquote>
        )}
        {report.content.profile && (
          <p className="small mb-3">
            {report.content.profile.name} ·{' '}
            {[report.content.profile.city, report.content.profile.country].filter(Boolean).join(', ')}
            {report.content.profile.about_me && (
              <span className="d-block text-body-secondary">{report.content.profile.about_me}</span>
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
              { key: 'message', header: t('report.message'), cell: (message) => message.text },
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
          <Form noValidate onSubmit={decide('action')} aria-label={t('report.decision')}>
            <FormErrorAlert error={handle.error ? toAdminFormError(handle.error) : null} />
            <Form.Group className="mb-2" controlId="report-resolution">
              <Form.Label>{t('report.resolution')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={resolution}
                maxLength={1000}
                required
                isInvalid={missingResolution}
                onChange={(event) => setResolution(event.target.value)}
              />
              <Form.Control.Feedback type="invalid">{t('report.resolutionRequired')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-2" controlId="report-ban">
              <Form.Label>{t('report.ban')}</Form.Label>
              <Form.Select value={ban} onChange={(event) => setBan(event.target.value as BanReason | '')}>
                <option value="">{t('report.noBan')}</option>
                {BAN_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`banReasons.${reason}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {report.target === 'photo' && report.photo_id !== null && (
              <Form.Group className="mb-2" controlId="report-reject-photo">
                <Form.Label>{t('report.rejectPhoto')}</Form.Label>
                <Form.Select
                  value={rejectPhoto}
                  onChange={(event) => setRejectPhoto(event.target.value as PhotoRejectReason | '')}
                >
                  <option value="">{t('report.keepPhoto')}</option>
                  {PHOTO_REJECT_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {t(`photoRejectReasons.${reason}`)}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            )}
            <div className="d-flex flex-wrap gap-2 mt-3">
              <Button type="submit" variant="danger" disabled={handle.isPending}>
                {handle.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {t('report.action')}
              </Button>
              <Button variant="outline-secondary" disabled={handle.isPending} onClick={() => decide('dismiss')()}>
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
