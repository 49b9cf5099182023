// This browser's push state on the notifications screen (SPEC section 4): on, off with a button to turn it on, or why it cannot be.
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { PushState } from '../../../lib/push.ts';
import { CheckIcon, InfoIcon } from '../../../components/icons.tsx';

export function PushStatus({
  id,
  state,
  isChecked,
  enablePush,
}: {
  /** Referenced by the disabled push switches (aria-describedby) when push cannot work here. */
  id: string;
  state: PushState;
  isChecked: boolean;
  enablePush: { enable: () => Promise<unknown>; isPending: boolean; isFailed: boolean };
}) {
  const { t } = useTranslation('notifications');
  if (!isChecked) return null;
  const canTurnOn = state === 'unknown' || state === 'granted';
  return (
    <div className="push-status d-flex flex-wrap align-items-center gap-2 rounded-3 bg-body-tertiary px-3 py-2 mb-2">
      {state === 'subscribed' ? (
        <CheckIcon className="text-success flex-shrink-0" aria-hidden="true" />
      ) : (
        <InfoIcon className="text-body-secondary flex-shrink-0" aria-hidden="true" />
      )}
      <p id={id} className="small mb-0 flex-grow-1" style={{ minWidth: '12rem' }}>
        {t(`screen.pushState.${state}`)}
        {enablePush.isFailed && (
          <span role="alert" className="d-block text-danger">
            {t('screen.pushFailed')}
          </span>
        )}
      </p>
      {canTurnOn && (
        <Button
          size="sm"
          variant="outline-dark"
          onClick={() => void enablePush.enable()}
          disabled={enablePush.isPending}
        >
          {t('screen.pushTurnOn')}
        </Button>
      )}
    </div>
  );
}
