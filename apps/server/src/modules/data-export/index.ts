// Public entry of data-export (GDPR "Download my data"): the service and its repository.
export { createDataExportRepository, type DataExportRepository } from './data-export.repository.ts';
export { createDataExportService, type DataExportService } from './data-export.service.ts';
