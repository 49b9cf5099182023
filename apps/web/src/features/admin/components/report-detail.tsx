// One report: who reported whom and why, the reported content as it is now, the history between the two members
// (messages, likes, blocks), and the decision: dismiss, or act (optionally ban the member or reject the photo, which
// asks first), always with a resolution note. Focus moves to the report's heading when it opens.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  BAN_REASONS,
  PHOTO_REJECT_REASONS,
  adminReportActionRequestSchema,
  adminReportDismissRequestSchema,
  type AdminReportDetail,
} from '@app/contracts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { adminFormError, toAdminFormError } from '../lib/admin-errors.ts';
import { useAdminReport } from '../api/admin-report.ts';
import { useHandleReport, type ReportActionInput } from '../api/handle-report.ts';
import { ReportContent, ReportFacts, ReportHistory } from './report-detail-parts.tsx';

/** An empty note reads as the decision's own request, not the generic "invalid value". */
const RESOLUTION_REQUIRED = { resolution: 'admin:report.resolutionRequired' };

export function ReportDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const query = useAdminReport(id);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (query.data) heading.current?.focus();
  }, [query.data]);

  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <FormErrorAlert error={toAdminFormError(query.error)} />;
  const report = query.data.report;
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
        <ReportFacts report={report} />
        <ReportContent report={report} />
        <ReportHistory report={report} />
        <ReportDecision report={report} />
      </Card.Body>
    </Card>
  );
}

/**
 * The decision's state: the form, the request, and the action waiting for its confirmation (a ban or a photo deletion
 * asks first, naming the member and what happens; docs/staff-console.md).
 */
function useReportDecision(report: AdminReportDetail) {
  const handle = useHandleReport(report.id);
  const form = useFormValues({ resolution: '', ban: '', reject_photo: '' });
  const [confirming, setConfirming] = useState<ReportActionInput | null>(null);
  const onError = (error: unknown) => form.showApiError(error);
  const act = (action: ReportActionInput) => {
    setConfirming(null);
    handle.mutate({ kind: 'action', ...action }, { onError });
  };
  const decide = (kind: 'dismiss' | 'action') => {
    const { resolution, ban, reject_photo: rejectPhoto } = form.values;
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
    if (body && (body.ban || body.reject_photo)) setConfirming(body);
    else if (body) act(body);
  };
  return { handle, form, confirming, setConfirming, decide, act };
}

/** Dismiss, or act (optionally banning the member or rejecting the photo), always with a resolution note. */
function ReportDecision({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin');
  const { handle, form, confirming, setConfirming, decide, act } = useReportDecision(report);

  if (report.status !== 'open') return <HandledNote report={report} />;
  return (
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
          options={PHOTO_REJECT_REASONS.map((reason) => ({ value: reason, label: t(`photoRejectReasons.${reason}`) }))}
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
      <ActionConfirm
        report={report}
        action={confirming}
        isBusy={handle.isPending}
        onConfirm={act}
        onCancel={() => setConfirming(null)}
      />
    </Form>
  );
}

/** A handled report: when, and the resolution written. */
function HandledNote({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Alert variant="secondary" className="small mb-0" role="status">
      {t('report.handled', {
        date: report.handled_at ? formatDate(report.handled_at, { dateStyle: 'short', timeStyle: 'short' }) : '',
      })}
      {report.resolution && <span className="d-block">{report.resolution}</span>}
    </Alert>
  );
}

/** Taking action with a ban or a photo deletion: the member, what happens, and the reasons chosen in the form. */
function ActionConfirm({
  report,
  action,
  isBusy,
  onConfirm,
  onCancel,
}: {
  report: AdminReportDetail;
  action: ReportActionInput | null;
  isBusy: boolean;
  onConfirm: (action: ReportActionInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const name = report.reported.name ?? '—';
  return (
    <ConfirmModal
      isOpen={action !== null}
      title={t('confirm.report.title', { id: report.id })}
      confirmLabel={t('confirm.report.confirm')}
      isBusy={isBusy}
      onConfirm={() => action && onConfirm(action)}
      onCancel={onCancel}
    >
      {action?.ban && (
        <p>
          {t('confirm.ban.body', { name })}{' '}
          <strong>{t('confirm.report.reason', { reason: t(`banReasons.${action.ban.reason}`) })}</strong>
        </p>
      )}
      {action?.reject_photo && (
        <p className="mb-0">
          {t('confirm.photo.body', { name })}{' '}
          <strong>
            {t('confirm.report.reason', { reason: t(`photoRejectReasons.${action.reject_photo.reason}`) })}
          </strong>
        </p>
      )}
    </ConfirmModal>
  );
}
