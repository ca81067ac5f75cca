import type { HandlersOf } from '../../http/register';
import type { Referrals } from './service';

export function referralHandlers(referrals: Referrals): HandlersOf<'invitees'> {
  return {
    invitees: ({ input, caller }) => referrals.invitees(caller!.id, input.page, input.size),
  };
}
