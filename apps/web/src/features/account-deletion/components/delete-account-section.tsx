// Settings: the delete-account item — a reason (remarks for "other"), the current password, the site's discount as an alternative, then pending deletion.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DELETE_REASONS,
  DELETE_REMARKS_MAX_LENGTH,
  REACTIVATION_DAYS,
  deleteAccountRequestSchema,
} from '@app/contracts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { RadioGroupField } from '../../../components/radio-group-field.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { translateError } from '../../../lib/form-errors.ts';
import { END_SESSION_STATE, setSessionEnding } from '../../../lib/session/session-cache.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

export type AccountDeletedState = { reactivateUntil?: string; endSession?: boolean };

const REASON_REQUIRED = { reason: 'accounts:deleteAccount.reasonRequired' };

/** The site's discount as the alternative to leaving, when it offers one. */
function StayOffer() {
  const { t } = useTranslation('accounts');
  const { delete_discount: discount } = useSettings();
  if (discount <= 0) return null;
  return (
    <Alert variant="success">
      <p className="mb-2 fw-semibold">{t('deleteDiscountOffer', { discount })}</p>
      <Link to={paths.credits.getHref()} className="btn btn-success btn-sm">
        {t('deleteAccount.stay', { discount })}
      </Link>
    </Alert>
  );
}

/** The form's values, checked by the shared contract; a deletion ends the session and opens the account-deleted page. */
function useDeleteAccountForm(onDeleted: () => void) {
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const form = useFormValues({ reason: '', remarks: '', password: '' });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      reason: form.values.reason,
      password: form.values.password,
      ...(form.values.remarks.trim() ? { remarks: form.values.remarks } : {}),
    };
    const body = form.validate(deleteAccountRequestSchema, input, REASON_REQUIRED);
    if (!body) return;
    setSessionEnding(true);
    deletion.mutate(body, {
      onSuccess: ({ reactivate_until }) => {
        onDeleted();
        // The session is forgotten once the account-deleted page shows (END_SESSION_STATE).
        void navigate(paths.accountDeleted.getHref(), {
          state: { reactivateUntil: reactivate_until, ...END_SESSION_STATE } satisfies AccountDeletedState,
        });
      },
      onError: (error) => {
        setSessionEnding(false);
        form.showApiError(error);
      },
    });
  };

  return { form, deletion, onSubmit };
}

export function DeleteAccountSection() {
  const { t } = useTranslation('accounts');
  const [isOpen, setIsOpen] = useState(false);
  const { form, deletion, onSubmit } = useDeleteAccountForm(() => setIsOpen(false));

  const close = () => {
    if (!deletion.isPending) setIsOpen(false);
  };

  return (
    <section aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="h5 mb-3">
        {t('deleteAccount.title')}
      </h2>
      <p className="text-body-secondary">{t('deleteAccount.intro')}</p>
      <Button variant="outline-danger" onClick={() => setIsOpen(true)}>
        {t('deleteAccount.open')}
      </Button>

      <Modal
        show={isOpen}
        onHide={close}
        centered
        aria-labelledby="delete-account-modal-title"
        backdrop={deletion.isPending ? 'static' : true}
      >
        <Form id={form.formId} noValidate onSubmit={onSubmit}>
          <Modal.Header closeButton closeLabel={t('common.close')}>
            <Modal.Title id="delete-account-modal-title">{t('deleteAccount.title')}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <StayOffer />
            <FormErrorAlert error={form.formError} />
            <RadioGroupField
              idPrefix="delete-reason"
              name="reason"
              legend={t('deleteAccount.reasonLegend')}
              legendClassName="form-label fs-6"
              options={DELETE_REASONS.map((reason) => ({ value: reason, label: t(`deleteReasons.${reason}`) }))}
              value={form.values.reason}
              error={form.fieldErrors.reason ? translateError(t, form.fieldErrors.reason) : null}
              onChange={(reason) => form.setValue('reason', reason)}
            />
            <FormField
              {...form.bind('remarks')}
              as="textarea"
              rows={3}
              label={form.values.reason === 'other' ? t('deleteAccount.remarksRequired') : t('deleteAccount.remarks')}
              maxLength={DELETE_REMARKS_MAX_LENGTH}
              isRequired={form.values.reason === 'other'}
            />
            {/* Re-authentication: an open session alone does not delete an account. */}
            <FormField
              {...form.bind('password')}
              type="password"
              autoComplete="current-password"
              label={t('fields.currentPassword')}
              isRequired
            />
            <p className="small text-body-secondary mb-0">
              {t('deleteAccount.reactivationNote', { days: REACTIVATION_DAYS })}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-dark" onClick={close} disabled={deletion.isPending}>
              {t('deleteAccount.cancel')}
            </Button>
            <SubmitButton variant="danger" isPending={deletion.isPending}>
              {t('deleteAccount.confirm')}
            </SubmitButton>
          </Modal.Footer>
        </Form>
      </Modal>
    </section>
  );
}
