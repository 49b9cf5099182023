// Public entry of visitors (who viewed me): the service, its repository and the outbox consumer.
export { createVisitorsRepository } from './visitors.repository.ts';
export { consumeVisitEvents, createVisitorsService, type VisitorsService } from './visitors.service.ts';
