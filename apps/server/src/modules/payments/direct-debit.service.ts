// Direct debit with an SMS code (SPEC 8, docs/payments.md): the request checks the IBAN, the blocks and limits and
// texts a code (direct-debit-requests.ts); the right code places a recurring direct-debit order on a SEPA mandate
// (direct-debit-confirmation.ts).
import { createDirectDebitChecks, type DirectDebitDeps } from './direct-debit-checks.ts';
import { createDirectDebitConfirmation } from './direct-debit-confirmation.ts';
import { createDirectDebitRequests } from './direct-debit-requests.ts';

export function createDirectDebitService(deps: DirectDebitDeps) {
  const checks = createDirectDebitChecks(deps);
  return {
    ...createDirectDebitRequests({ ...deps, checks }),
    ...createDirectDebitConfirmation({ ...deps, checks }),
  };
}
export type DirectDebitService = ReturnType<typeof createDirectDebitService>;
