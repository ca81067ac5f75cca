// Wiring in app.ts: ...serviceHandlers(createServiceRequests(db, inbox)),  (inbox = createInbox(db, hub))
import type { HandlersOf } from '../../http/register';
import type { ServiceRequests } from './service';

export function serviceHandlers(requests: ServiceRequests): HandlersOf<'serviceApply' | 'operatorServiceRequests'> {
  return {
    serviceApply: ({ input, caller }) => requests.apply(caller!.id, input),
    operatorServiceRequests: ({ input }) => requests.list(input.page, input.size),
  };
}
