// The mail-change feature's public entry: other features import only what is exported here.
export { ChangeEmailForm } from './components/change-email-form.tsx';
