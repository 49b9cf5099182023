// Drizzle queries on users and account tokens (and reads of the account's profile and photos), by use case.
import type { Executor } from '../../db/client.ts';
import { createAccountProfileRepository } from './account-profile.repository.ts';
import { createAccountTokensRepository } from './account-tokens.repository.ts';
import { createUsersRepository } from './users.repository.ts';

export function createAccountsRepository(db: Executor) {
  return {
    ...createUsersRepository(db),
    ...createAccountTokensRepository(db),
    ...createAccountProfileRepository(db),
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
