import { describe, expect, it } from 'vitest';
import { listCurrency, pagedRows } from './rows';

describe('list currency', () => {
  it('names the one currency of a list', () => {
    expect(listCurrency([{ currency: 'HKD' }, { currency: 'HKD' }])).toBe('HKD');
  });
  it('is null for a list of several currencies (each row names its own) or none', () => {
    expect(listCurrency([{ currency: 'HKD' }, { currency: 'MXN' }])).toBeNull();
    expect(listCurrency([])).toBeNull();
    expect(listCurrency([{ currency: undefined }])).toBeNull();
  });
});

describe('paged rows', () => {
  it('flattens the pages loaded so far', () => {
    expect(pagedRows({ pages: [{ list: [1, 2] }, { list: [3] }] })).toEqual([1, 2, 3]);
    expect(pagedRows(undefined)).toEqual([]);
  });
});
