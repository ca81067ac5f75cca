import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';
import { replaceRobot, withRobot } from './labels';

// AI robots as operators see them (decision 0021, server module: robots): the robots with their
// orders, running orders, owners and pause state; offering a new one; pausing or resuming one, each
// with a reason written to the audit log. No call here sets a robot order's result: it is computed
// from the order's positions and journals.

export type RobotAdmin = ResponseOf<Routes['operatorRobots']>[number];
export type RobotCreateInput = RequestOf<Routes['operatorRobotCreate']>;
export type CryptoPair = ResponseOf<Routes['cryptoQuantifyList']>['list'][number];

export const robotKeys = {
  all: ['operator', 'robots'] as const,
  list: () => [...robotKeys.all, 'list'] as const,
  pairs: () => [...robotKeys.all, 'pairs'] as const,
};

export function robotsQueryOptions() {
  return queryOptions({
    queryKey: robotKeys.list(),
    queryFn: ({ signal }) => call('operatorRobots', {}, { signal }),
  });
}

/** The crypto pairs a robot may trade, with their live prices (the market's list of virtual currencies). */
export function cryptoPairsQueryOptions() {
  return queryOptions({
    queryKey: robotKeys.pairs(),
    queryFn: ({ signal }) => call('cryptoQuantifyList', { page: 1, size: 100, sort: 'name', order: 'asc' }, { signal }),
    select: (page) => page.list,
    staleTime: 30_000,
    retry: false,
  });
}

/** The list and the audit log load afresh after a change. */
function useSettle() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: robotKeys.list() }), queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] })]);
  };
}

/** Offers a new robot; the answer joins the list at once, then the list loads afresh. */
export function useCreateRobot() {
  const queryClient = useQueryClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: (input: RobotCreateInput) => call('operatorRobotCreate', input),
    onSuccess: async (robot) => {
      queryClient.setQueryData(robotKeys.list(), (list: RobotAdmin[] | undefined) => withRobot(list, robot));
      await settle();
    },
  });
}

export type RobotAction = { action: 'pause' | 'resume'; reason: string };

function act(id: number, a: RobotAction): Promise<RobotAdmin> {
  const route = a.action === 'pause' ? 'operatorRobotPause' : 'operatorRobotResume';
  return call(route, { reason: a.reason }, { params: { id } });
}

/** Pause or resume one robot; the answer replaces its row at once, then the list and the audit log load afresh. */
export function useRobotAction(id: number) {
  const queryClient = useQueryClient();
  const settle = useSettle();
  return useMutation({
    mutationFn: (a: RobotAction) => act(id, a),
    onSuccess: async (robot) => {
      queryClient.setQueryData(robotKeys.list(), (list: RobotAdmin[] | undefined) => replaceRobot(list, robot));
      await settle();
    },
  });
}

/** The audit log's entries about one robot (its creation, pauses and resumptions, with their reasons and times). */
export const auditLinkOf = (id: number) => `/audit?${new URLSearchParams({ targetType: 'robot', targetId: String(id) }).toString()}`;
