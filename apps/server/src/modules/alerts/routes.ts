import type { HandlersOf } from '../../http/register';
import type { AlertService } from './service';

export function alertHandlers(alerts: AlertService): HandlersOf<'alerts' | 'alertCreate' | 'alertPause' | 'alertResume' | 'alertDelete'> {
  return {
    alerts: ({ input, caller }) => alerts.list(caller!.id, input.status, input.page, input.size),
    alertCreate: ({ input, caller }) => alerts.create(caller!.id, input),
    alertPause: ({ params, caller }) => alerts.pause(caller!.id, params.id),
    alertResume: ({ params, caller }) => alerts.resume(caller!.id, params.id),
    alertDelete: ({ params, caller }) => alerts.remove(caller!.id, params.id),
  };
}
