// Public entry of reports: the service and its repository (the routes are registered by app.ts).
export { createReportsRepository, type ReportsRepository } from './reports.repository.ts';
export { createReportsService, type ReportsService } from './reports.service.ts';
export { closeReport } from './report-handling.ts';
export {
  countOpenReportsOfPhotos,
  countReportsByStatus,
  countReportsOfProfile,
  findStaffReport,
  listProfileReportsPage,
  listStaffReportsPage,
  type StaffReportRow,
} from './report-staff-reads.ts';
