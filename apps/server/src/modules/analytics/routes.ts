import type { HandlersOf } from '../../http/register';
import type { AnalyticsService } from './service';

export function analyticsHandlers(s: AnalyticsService): HandlersOf<'analytics'> {
  return {
    analytics: ({ input, caller }) => s.analytics(caller!.id, input.period),
  };
}
