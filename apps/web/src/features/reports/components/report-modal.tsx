// The one report dialog (member page, photo viewer, chat): a reason as radio buttons, remarks (required for
// "other"), "Also block", then a confirmation in the same dialog. Validated by the shared contract before sending.
import { useId, type FormEvent } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  REPORT_REASONS,
  REPORT_REMARKS_MAX_LENGTH,
  reportRequestSchema,
  type ReportReason,
  type ReportTarget,
} from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { RadioGroupField } from '../../../components/radio-group-field.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { translateError, type FormError } from '../../../lib/form-errors.ts';
import { useReportMember } from '../api/report-member.ts';

export type ReportSubject = {
  profile: { id: number; name: string };
  target: ReportTarget;
  photoId?: number;
  messageId?: number;
};

type ReportModalProps = {
  subject: ReportSubject | null;
  onClose: () => void;
  /** After a report that also blocked (the chat leaves the conversation). */
  onBlocked?: () => void;
};

/** The form's values as the form kit keeps them (strings): the reason, the remarks, "also block" ('true' or ''). */
const EMPTY = { reason: '', remarks: '', block: '' };

const TITLE_KEYS = { profile: 'modal.titleProfile', photo: 'modal.titlePhoto', message: 'modal.titleMessage' } as const;

export function ReportModal({ subject, onClose, onBlocked }: ReportModalProps) {
  return (
    <Modal show={subject !== null} onHide={onClose} centered aria-labelledby="report-modal-title">
      {subject && (
        <ReportForm
          key={`${subject.target}:${subject.profile.id}:${subject.photoId ?? subject.messageId ?? ''}`}
          subject={subject}
          onClose={onClose}
          onBlocked={onBlocked}
        />
      )}
    </Modal>
  );
}

/** The confirmation in the same dialog, saying whether the member was blocked too. */
function ReportDone({ name, isBlocked, onClose }: { name: string; isBlocked: boolean; onClose: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <>
      <Modal.Header closeButton closeLabel={t('modal.close')}>
        <Modal.Title id="report-modal-title" as="h2" className="h5">
          {t('modal.doneTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="success" className="mb-0" role="status">
          <p className="mb-1">{t('modal.doneText')}</p>
          {isBlocked && <p className="mb-0">{t('modal.doneBlocked', { name })}</p>}
        </Alert>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose} autoFocus>
          {t('modal.close')}
        </Button>
      </Modal.Footer>
    </>
  );
}

type ReasonChoiceProps = {
  id: string;
  reason: ReportReason | '';
  error: FormError | undefined;
  onChange: (reason: ReportReason) => void;
};

/** The reasons as radio buttons in one fieldset, its error said for the group. */
function ReasonChoice({ id, reason, error, onChange }: ReasonChoiceProps) {
  const { t } = useTranslation('reports');
  return (
    <RadioGroupField
      idPrefix={`${id}-reason`}
      name={`${id}-reason`}
      legend={t('modal.reasonLegend')}
      legendClassName="fs-6 fw-semibold"
      options={REPORT_REASONS.map((value) => ({ value, label: t(`reasons.${value}`) }))}
      value={reason}
      error={error ? translateError(t, error) : null}
      onChange={onChange}
    />
  );
}

type BlockChoiceProps = { id: string; name: string; isChecked: boolean; onChange: (isChecked: boolean) => void };

/** "Also block": the reported member is blocked together with the report. */
function BlockChoice({ id, name, isChecked, onChange }: BlockChoiceProps) {
  const { t } = useTranslation('reports');
  return (
    <>
      <Form.Check
        type="checkbox"
        id={`${id}-block`}
        label={t('modal.block', { name })}
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-block-hint`}
      />
      <Form.Text id={`${id}-block-hint`} className="d-block mb-3 ms-4">
        {t('modal.blockHint')}
      </Form.Text>
    </>
  );
}

/** The form's values, checked by the shared contract, and the report sent with them. */
function useReportForm(subject: ReportSubject, onBlocked?: () => void) {
  const report = useReportMember();
  const form = useFormValues(EMPTY);
  const reason = form.values.reason as ReportReason | '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(
      reportRequestSchema,
      {
        profile: subject.profile.id,
        target: subject.target,
        photo: subject.photoId,
        message: subject.messageId,
        reason: reason || undefined,
        remarks: form.values.remarks.trim() || undefined,
        block: form.values.block === 'true' || undefined,
      },
      { reason: 'reports:modal.reasonRequired' },
    );
    if (!body) return;
    report.mutate(body, {
      onSuccess: (result) => result.blocked && onBlocked?.(),
      onError: (error) => form.showApiError(error),
    });
  };
  return { form, report, reason, submit };
}

function ReportForm({
  subject,
  onClose,
  onBlocked,
}: {
  subject: ReportSubject;
  onClose: () => void;
  onBlocked?: () => void;
}) {
  const { t } = useTranslation('reports');
  const id = useId();
  const { form, report, reason, submit } = useReportForm(subject, onBlocked);
  const reasonError = form.fieldErrors.reason;
  const name = subject.profile.name;
  const remarksRequired = reason === 'other';

  if (report.isSuccess) return <ReportDone name={name} isBlocked={report.data.blocked} onClose={onClose} />;

  return (
    <Form id={form.formId} noValidate onSubmit={submit}>
      <Modal.Header closeButton closeLabel={t('modal.close')}>
        <Modal.Title id="report-modal-title" as="h2" className="h5">
          {t(TITLE_KEYS[subject.target], { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormErrorAlert error={form.formError} />
        <ReasonChoice
          id={id}
          reason={reason}
          error={reasonError}
          onChange={(value) => form.setValue('reason', value)}
        />
        <FormField
          {...form.bind('remarks')}
          as="textarea"
          rows={3}
          label={t('modal.remarksLabel')}
          maxLength={REPORT_REMARKS_MAX_LENGTH}
          isRequired={remarksRequired}
          hint={remarksRequired ? t('modal.remarksHintOther') : t('modal.remarksHint')}
        />
        <BlockChoice
          id={id}
          name={name}
          isChecked={form.values.block === 'true'}
          onChange={(isChecked) => form.setValue('block', isChecked ? 'true' : '')}
        />
        <p className="small text-body-secondary mb-0">{t('modal.private', { name })}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={report.isPending}>
          {t('modal.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={report.isPending}>
          {report.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('modal.submit')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
