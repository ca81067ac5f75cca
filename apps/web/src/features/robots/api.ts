import { isRobotWorking, type KlineRange, type RobotOrderDetail, type RobotOrderInput } from '@tradeapp/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { queryClient } from '../../lib/queryClient';
import { tradingKeys } from '../trading';
import { refreshWallet } from '../wallet';
import { robotKeys } from './keys';

// Fetchers of the robot screens (decision 0021): the robots on offer, what starting one costs, the
// caller's robot orders, one order, its K-line; starting and redeeming carry the idempotency key of
// the investor's intent. Every figure comes from the server as it is.

/** A working robot order trades every second: asked for again this often while shown. */
export const ROBOT_REFRESH_MS = 3_000;
/** The list of robots on offer, with the caller's ownership and running orders. */
const ALL_ROBOTS = 100;

const working = (o: { status: number; redeemed: boolean } | undefined) => o !== undefined && isRobotWorking(o.status) && !o.redeemed;

/** Every robot on offer (the contract's largest page: there are a few). */
export function robotsQuery() {
  return queryOptions({
    queryKey: robotKeys.robots(),
    queryFn: ({ signal }) => call('robots', { page: 1, size: ALL_ROBOTS }, { signal }),
  });
}

/** The robots on offer, paged as the list scrolls. */
export function robotPagesQuery() {
  return infiniteQueryOptions({
    queryKey: [...robotKeys.robots(), 'pages'],
    queryFn: ({ pageParam, signal }) => call('robots', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The robot's energy, what starting it costs the caller now and the financial wallet's available euros. */
export function quotaQuery(robotId: number) {
  return queryOptions({
    queryKey: robotKeys.quota(robotId),
    queryFn: ({ signal }) => call('robotQuota', { robotId }, { signal }),
    enabled: robotId > 0,
  });
}

/** The caller's robot orders, working ones first. */
export function robotOrdersQuery() {
  return infiniteQueryOptions({
    queryKey: robotKeys.orders(),
    queryFn: ({ pageParam, signal }) => call('robotOrders', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // While one of them works, its figures move.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.list.some(working)) ? ROBOT_REFRESH_MS * 2 : false),
  });
}

/** The robot orders still working or holding money (not redeemed), for the financial wallet's tab. */
export function runningRobotsQuery() {
  return queryOptions({
    queryKey: robotKeys.running(),
    queryFn: async ({ signal }) => (await call('robotOrders', { page: 1, size: 100 }, { signal })).list.filter((o) => !o.redeemed),
    refetchInterval: ROBOT_REFRESH_MS * 3,
  });
}

export function robotOrderQuery(id: number, enabled = true) {
  return queryOptions({
    queryKey: robotKeys.order(id),
    queryFn: ({ signal }) => call('robotOrder', { id }, { signal }),
    enabled: enabled && id > 0,
    // A robot that no longer trades no longer moves but by its holdings' price: asked for less often.
    refetchInterval: (query) =>
      query.state.data === undefined ? false : working(query.state.data) ? ROBOT_REFRESH_MS : query.state.data.redeemed ? false : ROBOT_REFRESH_MS * 5,
  });
}

/** The robot order's pair on a range, its fills as marks and its grid's levels. */
export function robotKlineQuery(id: number, range: KlineRange, live: boolean) {
  return queryOptions({
    queryKey: robotKeys.kline(id, range),
    queryFn: ({ signal }) => call('robotKline', { orderId: id, range }, { signal }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
    refetchInterval: live ? ROBOT_REFRESH_MS * 2 : false,
  });
}

/** The order as the server answered it, shown at once; the lists, positions and wallets load afresh. */
async function settle(detail: RobotOrderDetail): Promise<RobotOrderDetail> {
  queryClient.setQueryData(robotKeys.order(detail.id), detail);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: robotKeys.all, predicate: (q) => q.queryKey[1] !== 'order' || q.queryKey[2] !== detail.id }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
    refreshWallet(),
  ]);
  return detail;
}

/** Start a robot (`/robotOrder/create`). Refusals are the form's to show: `silent`. */
export async function startRobot(input: RobotOrderInput, idempotencyKey: string): Promise<RobotOrderDetail> {
  return settle(await call('robotOrderCreate', input, { idempotencyKey, silent: true }));
}

/** Redeem: what it holds is sold at the live bid, its money returns to the financial wallet; the rent stays paid. */
export async function redeemRobot(id: number, idempotencyKey: string): Promise<RobotOrderDetail> {
  return settle(await call('robotOrderRedeem', { id }, { idempotencyKey }));
}
