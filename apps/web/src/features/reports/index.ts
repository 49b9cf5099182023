// The reports feature's public entry: the report dialog and the member page's button (docs/reports.md).
export { ReportButton } from './components/report-button.tsx';
export { ReportModal, type ReportSubject } from './components/report-modal.tsx';
