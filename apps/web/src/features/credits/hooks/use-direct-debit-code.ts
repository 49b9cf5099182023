// The state of step 2 of /directdebit (direct-debit-code-form.tsx): the code's field and errors, verifying it, asking
// for a new one, and the clock of both deadlines (a new code may be asked for after the cooldown; the code expires).
import { useMemo, useState } from 'react';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toFormErrors, type FormError } from '../../../lib/form-errors.ts';
import { useResendDirectDebitCode } from '../api/resend-direct-debit-code.ts';
import type { DirectDebitState } from '../api/start-direct-debit.ts';
import { useVerifyDirectDebit } from '../api/verify-direct-debit.ts';
import { codeDeadlines, codeError } from '../lib/direct-debit.ts';

type Options = {
  state: DirectDebitState;
  /** When the browser received `state` (its deadlines count from then). */
  receivedAt: number;
  onResent: (state: DirectDebitState, receivedAt: number) => void;
  onOrdered: (orderId: number) => void;
};

export function useDirectDebitCode({ state, receivedAt, onResent, onOrdered }: Options) {
  const form = useFormValues({ code: '' });
  const [isRefusedAsExpired, setIsRefusedAsExpired] = useState(false);
  // The server's "wait N seconds" wins over the browser's own count.
  const [wait, setWait] = useState<{ until: number; since: number } | null>(null);
  const verify = useVerifyDirectDebit(onOrdered);
  const resend = useResendDirectDebitCode();

  const deadlines = useMemo(() => codeDeadlines(state, receivedAt), [state, receivedAt]);
  const resendAt = wait?.until ?? deadlines.resendAt;
  const tick = useNow(Math.max(resendAt, deadlines.expiresAt));
  // The clock stops ticking between deadlines; what just arrived is never older than "now".
  const now = Math.max(tick, receivedAt, wait?.since ?? 0);
  const secondsToResend = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const isExpired = isRefusedAsExpired || now >= deadlines.expiresAt;

  const fail = (error: FormError | undefined, formLevel: FormError | null) =>
    form.showErrors({ fields: error ? { code: error } : {}, form: formLevel });

  const submit = () => {
    if (verify.isPending || verify.isSuccess) return;
    const { code } = form.values;
    const invalid = codeError(code);
    if (invalid) return fail(invalid, null);
    verify.mutate(
      { id: state.id, code },
      {
        onError: (error) => {
          const apiCode = error instanceof ApiError ? error.code : null;
          if (apiCode === 'direct_debit_code_invalid') return fail({ code: apiCode }, null);
          if (apiCode === 'direct_debit_code_expired') {
            setIsRefusedAsExpired(true);
            return fail(undefined, null);
          }
          fail(undefined, toFormErrors(error).form ?? toFormErrors(error).fields.code ?? { code: 'error_generic' });
        },
      },
    );
  };

  const askForNewCode = () => {
    resend.mutate(state.id, {
      onSuccess: (data) => {
        form.setValues({ code: '' });
        form.clearErrors();
        setIsRefusedAsExpired(false);
        setWait(null);
        onResent(data.direct_debit, Date.now());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'direct_debit_resend_wait') {
          const seconds = Number(error.body?.error?.params?.count);
          const since = Date.now();
          if (Number.isFinite(seconds) && seconds > 0) return setWait({ until: since + seconds * 1000, since });
        }
        fail(undefined, toFormErrors(error).form ?? { code: 'error_generic' });
      },
    });
  };

  return {
    form,
    submit,
    askForNewCode,
    isExpired,
    secondsToResend,
    isVerifying: verify.isPending,
    isLeaving: verify.isSuccess,
    isResending: resend.isPending,
    wasResent: resend.isSuccess,
  };
}
