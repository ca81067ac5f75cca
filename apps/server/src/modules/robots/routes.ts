import type { HandlersOf } from '../../http/register';
import type { RobotService } from './service';

export function robotHandlers(
  robots: RobotService,
): HandlersOf<
  | 'robots'
  | 'robotQuota'
  | 'robotOrderCreate'
  | 'robotOrders'
  | 'robotOrder'
  | 'robotOrderRedeem'
  | 'robotMessages'
  | 'robotKline'
  | 'operatorRobots'
  | 'operatorRobotCreate'
  | 'operatorRobotPause'
  | 'operatorRobotResume'
> {
  const by = (caller: { id: number } | null, ip: string) => ({ operatorId: caller!.id, ip });
  return {
    robots: ({ input, caller }) => robots.robots(caller?.id ?? null, input.page, input.size),
    robotQuota: ({ input, caller }) => robots.quota(caller!.id, input.robotId),
    robotOrderCreate: ({ input, caller, idempotencyKey }) => robots.create(caller!.id, input, idempotencyKey),
    robotOrders: ({ input, caller }) => robots.orders(caller!.id, input.page, input.size),
    robotOrder: ({ input, caller }) => robots.detail(caller!.id, input.id),
    robotOrderRedeem: ({ input, caller, idempotencyKey }) => robots.redeem(caller!.id, input.id, idempotencyKey),
    robotMessages: ({ params, caller }) => robots.messages(caller!.id, params.orderId),
    robotKline: ({ input, caller }) => robots.kline(caller!.id, input.orderId, input.range),
    operatorRobots: () => robots.operatorRobots(),
    operatorRobotCreate: ({ input, caller, req }) => robots.operatorCreate(input, by(caller, req.ip)),
    operatorRobotPause: ({ params, input, caller, req }) => robots.pause(params.id, by(caller, req.ip), input.reason),
    operatorRobotResume: ({ params, input, caller, req }) => robots.resume(params.id, by(caller, req.ip), input.reason),
  };
}
