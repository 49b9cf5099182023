// The notifications feature's public entry: other features import only what is exported here.
export { NotificationSettingsSections } from './components/notification-settings-sections.tsx';
export { NotificationAlerts } from './components/notification-alerts.tsx';
