// Signup step 4: asks for notification permission and subscribes this browser to push (lib/push.ts), by the push states of SPEC section 4.
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SIGNUP_STEPS } from '@app/contracts';
import { FormErrorAlert } from '../../../../components/form-error-alert.tsx';
import { toFormErrors } from '../../../../lib/form-errors.ts';
import { useEnablePush, usePushState } from '../../../../lib/push-session.ts';
import { useSaveSignupStep } from '../../api/signup-step.ts';
import { StepActions } from './step-actions.tsx';
import { useErrorFocus } from '../../../../hooks/use-error-focus.ts';

export function PushStep() {
  const { t } = useTranslation(['accounts', 'notifications']);
  const saveStep = useSaveSignupStep();
  const { state } = usePushState();
  const enablePush = useEnablePush();
  const canAsk = state === 'unknown' || state === 'granted';

  const finishStep = () => saveStep.mutate({ step: SIGNUP_STEPS.push });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Push is a bonus: a refused or failed subscription never blocks the signup (enable() reports, never throws).
    if (canAsk) await enablePush.enable();
    finishStep();
  };

  const error = saveStep.isError ? toFormErrors(saveStep.error).form : null;
  const formId = useErrorFocus(saveStep.isError ? saveStep.submittedAt : 0);
  return (
    <Form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="signup-step-title">
      <h2 id="signup-step-title" className="h4 mb-2">
        {t('signup.push.title')}
      </h2>
      <p className="text-body-secondary">{t('signup.push.intro')}</p>
      {state === 'unsupported' && <p className="small text-body-secondary">{t('signup.push.unsupported')}</p>}
      {state === 'denied' && <p className="small text-body-secondary">{t('signup.push.denied')}</p>}
      {state === 'subscribed' && (
        <p className="small text-body-secondary">{t('notifications:screen.pushState.subscribed')}</p>
      )}
      <FormErrorAlert error={error} />
      <StepActions
        isSaving={enablePush.isPending || saveStep.isPending}
        submitLabel={canAsk ? t('signup.push.allow') : undefined}
        skipLabel={canAsk ? t('signup.push.notNow') : t('signup.next')}
        onSkip={finishStep}
      />
    </Form>
  );
}
