// Public entry of analytics: the service, for the composition root (the routes are registered by app.ts).
export { createAnalyticsService, type AnalyticsService } from './analytics.service.ts';
