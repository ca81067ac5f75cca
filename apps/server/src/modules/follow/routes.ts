import type { HandlersOf } from '../../http/register';
import type { FollowService } from './service';

export function followHandlers(
  follow: FollowService,
): HandlersOf<
  | 'agencies'
  | 'agency'
  | 'agencyClosed'
  | 'follows'
  | 'follow'
  | 'followAdd'
  | 'followAddition'
  | 'followStop'
  | 'operatorAgencies'
  | 'operatorAgencyPause'
  | 'operatorAgencyResume'
> {
  const by = (caller: { id: number } | null, ip: string) => ({ operatorId: caller!.id, ip });
  return {
    agencies: () => follow.agencies(),
    agency: ({ params, caller }) => follow.agency(params.id, caller?.id ?? null),
    agencyClosed: ({ params, input }) => follow.agencyClosed(params.id, input.page, input.size),
    follows: ({ input, caller }) => follow.follows(caller!.id, input.page, input.size),
    follow: ({ input, caller }) => follow.follow(caller!.id, input.id),
    followAdd: ({ input, caller, idempotencyKey }) => follow.add(caller!.id, input, idempotencyKey),
    followAddition: ({ input, caller, idempotencyKey }) => follow.addition(caller!.id, input.orderId, input.amount, idempotencyKey),
    followStop: ({ input, caller }) => follow.stop(caller!.id, input.id),
    operatorAgencies: () => follow.operatorAgencies(),
    operatorAgencyPause: ({ params, input, caller, req }) => follow.pause(params.id, by(caller, req.ip), input.reason),
    operatorAgencyResume: ({ params, input, caller, req }) => follow.resume(params.id, by(caller, req.ip), input.reason),
  };
}
