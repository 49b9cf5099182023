// Public entry of the credit ledger: the only way credits move.
export * from './credits.service.ts';
export { listLedgerPage } from './ledger-staff-reads.ts';
