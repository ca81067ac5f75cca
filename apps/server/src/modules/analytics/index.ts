// The analytics module's door (issue 35's rule, applied to the code of issue 32 on): what other modules may use.
export { analyticsHandlers } from './routes';
export { createAnalyticsService, type AnalyticsService } from './service';
