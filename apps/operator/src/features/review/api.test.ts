import { describe, expect, it } from 'vitest';
import { withDecided } from './api';

const row = (id: number, status: number) => ({ id, status });
const page = (list: { id: number; status: number }[], total = list.length) => ({ list, total, page: 1, size: 20 });

describe('a cached queue page after a decision', () => {
  it('drops the decided item from a list filtered to another status, one fewer in its count', () => {
    expect(withDecided(page([row(1, 1), row(2, 1)], 7), { status: 1 }, row(2, 3))).toEqual(page([row(1, 1)], 6));
  });

  it('shows the new status in the list of every status and in the list of its new status', () => {
    expect(withDecided(page([row(1, 1), row(2, 3)]), { status: undefined }, row(1, 3))).toEqual(page([row(1, 3), row(2, 3)]));
    expect(withDecided(page([row(4, 3)]), { status: 3 }, row(4, 3))).toEqual(page([row(4, 3)]));
  });

  it('leaves a page that never held the item as it was', () => {
    expect(withDecided(page([row(5, 1)], 30), { status: 1 }, row(9, 2))).toEqual(page([row(5, 1)], 30));
  });
});
