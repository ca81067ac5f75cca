import { describe, expect, it } from 'vitest';
import { withDecided, type BlockTradeItem } from './api';

const row = (id: number, status: BlockTradeItem['status']) => ({ id, status }) as BlockTradeItem;
const page = (list: BlockTradeItem[], total = list.length) => ({ list, total, page: 1, size: 20 });

describe('a cached page of the block-trading queue after a decision', () => {
  it('drops the decided application from a list filtered to another status, one fewer in its count', () => {
    expect(withDecided(page([row(1, 'applied'), row(2, 'applied')], 7), { status: 'applied', page: 1 }, row(2, 'approved'))).toEqual(
      page([row(1, 'applied')], 6),
    );
  });

  it('shows the new status in the list of every status and in the list of its new status', () => {
    expect(withDecided(page([row(1, 'applied'), row(2, 'active')]), { status: undefined, page: 1 }, row(1, 'refused'))).toEqual(
      page([row(1, 'refused'), row(2, 'active')]),
    );
    expect(withDecided(page([row(4, 'refused')]), { status: 'refused', page: 1 }, row(4, 'refused'))).toEqual(page([row(4, 'refused')]));
  });

  it('leaves a page that never held the application as it was', () => {
    expect(withDecided(page([row(5, 'applied')], 30), { status: 'applied', page: 1 }, row(9, 'approved'))).toEqual(page([row(5, 'applied')], 30));
  });
});
