import type { HandlersOf } from '../../http/register';
import type { ServiceRequests } from './service';

export function serviceRequestsHandlers(requests: ServiceRequests): HandlersOf<'serviceApply' | 'operatorServiceRequests'> {
  return {
    serviceApply: ({ input, caller }) => requests.apply(caller!.id, input),
    operatorServiceRequests: ({ input }) => requests.list(input.page, input.size),
  };
}
