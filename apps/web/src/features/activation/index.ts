// The activation feature's public entry: other features import only what is exported here.
export { ActivationReminder } from './components/activation-reminder.tsx';
export { ResendActivationButton } from './components/resend-activation-button.tsx';
