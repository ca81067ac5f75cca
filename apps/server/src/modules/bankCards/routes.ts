import type { HandlersOf } from '../../http/register';
import type { BankCardService } from './service';

export function bankCardsHandlers(cards: BankCardService): HandlersOf<'cardList' | 'cardAdd' | 'cardUpdate' | 'cardDelete'> {
  return {
    cardList: ({ caller }) => cards.list(caller!.id),
    cardAdd: ({ input, caller }) => cards.add(caller!.id, input),
    cardUpdate: ({ input: { id, ...card }, caller }) => cards.update(caller!.id, id, card),
    cardDelete: ({ input, caller }) => cards.remove(caller!.id, input.id),
  };
}
