// Unmatch a member from their profile after a confirmation (docs/members.md, "Unmatch"); errors show in the dialog.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { toFormErrors } from '../../../lib/form-errors.ts';
import { useUnmatchMember } from '../api/unmatch-member.ts';

export function UnmatchButton({ profile }: { profile: { id: number; name: string } }) {
  const { t } = useTranslation('members');
  const unmatch = useUnmatchMember();
  const [isConfirming, setIsConfirming] = useState(false);
  const error = unmatch.error ? toFormErrors(unmatch.error).form : null;

  return (
    <>
      <Button
        variant="outline-secondary"
        onClick={() => {
          unmatch.reset();
          setIsConfirming(true);
        }}
      >
        {t('unmatch.button')}
      </Button>
      <ConfirmModal
        isOpen={isConfirming}
        title={t('unmatch.title', { name: profile.name })}
        confirmLabel={t('unmatch.button')}
        isBusy={unmatch.isPending}
        onConfirm={() => unmatch.mutate(profile.id, { onSuccess: () => setIsConfirming(false) })}
        onCancel={() => setIsConfirming(false)}
      >
        <FormErrorAlert error={error} />
        <p className="mb-0">{t('unmatch.confirm', { name: profile.name })}</p>
      </ConfirmModal>
    </>
  );
}
