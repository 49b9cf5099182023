// Signup step 4: asks for notification permission and, with a service worker and the site's key, stores a push subscription.
import { useState, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SIGNUP_STEPS } from '@app/contracts';
import { useSettings } from '../../../../lib/settings/get-settings.ts';
import { savePushSubscription } from '../../api/save-push-subscription.ts';
import { FormErrorAlert } from '../../../../components/form-error-alert.tsx';
import { toFormErrors } from '../../../../lib/form-errors.ts';
import { useSaveSignupStep } from '../../api/signup-step.ts';
import { getPushSupport, subscribeToPush } from '../../lib/push-subscription.ts';
import { StepActions } from './step-actions.tsx';
import { useErrorFocus } from '../../../../hooks/use-error-focus.ts';

export function PushStep() {
  const { t } = useTranslation('accounts');
  const settings = useSettings();
  const saveStep = useSaveSignupStep();
  const [isAsking, setIsAsking] = useState(false);
  const support = getPushSupport();
  const canAsk = support === 'default' || support === 'granted';

  const finishStep = () => saveStep.mutate({ step: SIGNUP_STEPS.push });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsAsking(true);
    try {
      const permission = support === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission === 'granted') {
        const subscription = await subscribeToPush(settings.push_public_key);
        if (subscription) await savePushSubscription({ subscription });
      }
    } catch {
      // Push is a bonus: a refused or failed subscription never blocks the signup.
    } finally {
      setIsAsking(false);
    }
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
      {support === 'unsupported' && <p className="small text-body-secondary">{t('signup.push.unsupported')}</p>}
      {support === 'denied' && <p className="small text-body-secondary">{t('signup.push.denied')}</p>}
      <FormErrorAlert error={error} />
      <StepActions
        isSaving={isAsking || saveStep.isPending}
        submitLabel={canAsk ? t('signup.push.allow') : undefined}
        skipLabel={canAsk ? t('signup.push.notNow') : t('signup.next')}
        onSkip={finishStep}
      />
    </Form>
  );
}
