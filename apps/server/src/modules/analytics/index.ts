// The analytics module's door (issue 35's rule, applied to the code of issue 32 on): what other modules may use.
export { type AnalyticsService } from './service';
export { analyticsModule } from './plugin';
