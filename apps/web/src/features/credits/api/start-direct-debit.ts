// POST /api/directdebit.php { bundle_id, country?, holder, iban, street, house_number, postal_code, city, mobile }: checks the
// account (IBAN), the blocks and limits, prices the bundle and texts the member a code. Nothing is charged yet; the answer
// is the request's state (masked IBAN and mobile, the bank, the price, when a new code may be sent and when this one expires).
import { useMutation } from '@tanstack/react-query';
import type { DirectDebitRequest } from '@app/contracts';
import { apiRequest, type ContractOutput } from '../../../lib/api-client.ts';

/** A started direct debit: masked IBAN and mobile, the bank, the price, when a new code may be sent, when this one expires. */
export type DirectDebitState = ContractOutput<'directDebitResponseSchema'>['direct_debit'];

export const startDirectDebit = (input: DirectDebitRequest) =>
  apiRequest('directdebit.php', { method: 'POST', body: input, response: 'directDebitResponseSchema' });

export const useStartDirectDebit = () => useMutation({ mutationFn: startDirectDebit });
