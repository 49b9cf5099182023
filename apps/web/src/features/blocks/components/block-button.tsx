// Block or unblock a member from their profile, each after a confirmation; errors show in the dialog.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { BlockIcon } from '../../../components/member-icons.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { toFormErrors } from '../../../lib/form-errors.ts';
import { useBlockMember } from '../api/block-member.ts';
import { useUnblockMember } from '../api/unblock-member.ts';

type BlockButtonProps = {
  profile: { id: number; name: string };
  isBlocked: boolean;
  size?: 'sm' | 'lg';
  className?: string;
  onChange?: (isBlocked: boolean) => void;
};

export function BlockButton({ profile, isBlocked, size, className = '', onChange }: BlockButtonProps) {
  const { t } = useTranslation('members');
  const block = useBlockMember();
  const unblock = useUnblockMember();
  const [isConfirming, setIsConfirming] = useState(false);
  const mutation = isBlocked ? unblock : block;
  const error = mutation.error ? toFormErrors(mutation.error).form : null;

  const confirm = () => {
    mutation.mutate(profile.id, {
      onSuccess: (result) => {
        setIsConfirming(false);
        onChange?.(result.is_blocked);
      },
    });
  };

  return (
    <>
      <Button
        variant={isBlocked ? 'outline-secondary' : 'outline-danger'}
        size={size}
        className={`d-inline-flex align-items-center justify-content-center gap-2 ${className}`}
        onClick={() => {
          mutation.reset();
          setIsConfirming(true);
        }}
      >
        <BlockIcon />
        {isBlocked ? t('profile.unblock') : t('profile.block')}
      </Button>
      <ConfirmModal
        isOpen={isConfirming}
        title={
          isBlocked ? t('blocks.unblockTitle', { name: profile.name }) : t('blocks.blockTitle', { name: profile.name })
        }
        confirmLabel={isBlocked ? t('profile.unblock') : t('profile.block')}
        confirmVariant={isBlocked ? 'primary' : 'danger'}
        isBusy={mutation.isPending}
        onConfirm={confirm}
        onCancel={() => setIsConfirming(false)}
      >
        <FormErrorAlert error={error} />
        <p className="mb-0">
          {isBlocked
            ? t('blocks.unblockConfirm', { name: profile.name })
            : t('profile.blockConfirm', { name: profile.name })}
        </p>
      </ConfirmModal>
    </>
  );
}
