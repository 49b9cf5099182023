// The confirmation beside a card's heading: "Saving…", "Saved" or a failure, announced to screen readers (aria-live).
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons.tsx';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export function SaveStatus({ state, id }: { state: SaveState; id?: string }) {
  const { t } = useTranslation('notifications');
  return (
    // Always in the document, so the change of text is what gets announced.
    <div id={id} role="status" aria-live="polite" className="notification-save-status small">
      {state === 'saving' && <span className="text-body-secondary">{t('screen.saving')}</span>}
      {state === 'saved' && (
        <span className="text-success fw-semibold d-inline-flex align-items-center gap-1">
          <CheckIcon size={16} aria-hidden="true" />
          {t('screen.saved')}
        </span>
      )}
      {state === 'failed' && <span className="text-danger fw-semibold">{t('screen.saveFailed')}</span>}
    </div>
  );
}

/** The state of the last save of a card, from its mutation. */
export function toSaveState(mutation: { isPending: boolean; isSuccess: boolean; isError: boolean }): SaveState {
  if (mutation.isPending) return 'saving';
  if (mutation.isError) return 'failed';
  if (mutation.isSuccess) return 'saved';
  return 'idle';
}
