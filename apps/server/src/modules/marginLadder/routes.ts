import type { HandlersOf } from '../../http/register';
import type { MarginLadder } from './service';

export function marginLadderHandlers(ladder: MarginLadder): HandlersOf<'marginWarnings'> {
  return {
    marginWarnings: ({ caller }) => ladder.warnings(caller!.id),
  };
}
