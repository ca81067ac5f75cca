// Wiring in app.ts: ...cardsHandlers(createCardService(db)),
import type { HandlersOf } from '../../http/register';
import type { CardService } from './service';

export function cardsHandlers(cards: CardService): HandlersOf<'cardList' | 'cardAdd' | 'cardUpdate' | 'cardDelete'> {
  return {
    cardList: ({ caller }) => cards.list(caller!.id),
    cardAdd: ({ input, caller }) => cards.add(caller!.id, input),
    cardUpdate: ({ input: { id, ...card }, caller }) => cards.update(caller!.id, id, card),
    cardDelete: ({ input, caller }) => cards.remove(caller!.id, input.id),
  };
}
