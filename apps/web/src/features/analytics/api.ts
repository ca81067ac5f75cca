import { queryOptions } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@tradeapp/contract';
import { call } from '../../api/client';

// Portfolio analytics (server module: analytics).

export const analyticsKeys = {
  all: ['analytics'] as const,
  period: (period: AnalyticsPeriod) => [...analyticsKeys.all, period] as const,
};

export const analyticsQuery = (period: AnalyticsPeriod) =>
  queryOptions({ queryKey: analyticsKeys.period(period), queryFn: ({ signal }) => call('analytics', { period }, { signal }) });
