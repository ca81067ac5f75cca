import { describe, expect, it } from 'vitest';
import { auctionLimitBand, indicativeAuction, matchAuction, type AuctionOrder, type AuctionResult } from './matcher';

// Worked examples of the auction's uncrossing, each with its demand/supply table:
// D(p) = buys willing to pay p or more (at-auction included), S(p) = sells willing to take p or less
// (at-auction included), V(p) = min(D, S), I(p) = D - S (positive: buy pressure).

let seq = 0;
/** A limit when a price is given, an at-auction order otherwise; sequence in call order unless given. */
function buy(id: string, quantity: string, price?: string, sequence?: number): AuctionOrder {
  return order(id, 'buy', quantity, price, sequence);
}
function sell(id: string, quantity: string, price?: string, sequence?: number): AuctionOrder {
  return order(id, 'sell', quantity, price, sequence);
}
function order(id: string, side: 'buy' | 'sell', quantity: string, price: string | undefined, sequence: number | undefined): AuctionOrder {
  seq += 1;
  const base = { id, side, quantity, sequence: sequence ?? seq };
  return price === undefined ? { ...base, type: 'auction' } : { ...base, type: 'limit', price };
}

const match = (orders: AuctionOrder[], referencePrice = '10.00', tickSize = '0.01') => matchAuction({ orders, referencePrice, tickSize });

describe('matchAuction: worked examples', () => {
  it('takes the price of maximum volume, even away from the reference', () => {
    //   p      D    S    V    I
    //  9.90   600  100  100  +500
    // 10.00   600  300  300  +300
    // 10.10   500  700  500  -200   <- max volume (10.00 is nearer the reference, but volume comes first)
    // 10.20   300  700  300  -400
    const r = match([
      buy('B1', '300', '10.20'),
      buy('B2', '200', '10.10'),
      buy('B3', '100', '10.00'),
      sell('S1', '100', '9.90'),
      sell('S2', '200', '10.00'),
      sell('S3', '400', '10.10'),
    ]);
    // Buys at >= 10.10: B1 300 + B2 200 = 500, all filled; B3 (10.00) is priced away.
    // Sells at <= 10.10 by price: S1 100, S2 200, then the marginal S3 gets the last 200 of its 400.
    expect(r).toEqual<AuctionResult>({
      price: '10.10',
      matchedVolume: '500',
      imbalance: { side: 'sell', quantity: '200' },
      fills: [
        { id: 'B1', quantity: '300' },
        { id: 'B2', quantity: '200' },
        { id: 'S1', quantity: '100' },
        { id: 'S2', quantity: '200' },
        { id: 'S3', quantity: '200' },
      ],
      unfilled: [
        { id: 'B3', quantity: '100', type: 'limit' },
        { id: 'S3', quantity: '200', type: 'limit' },
      ],
    });
  });

  it('breaks a volume tie by the minimum imbalance, before the reference price', () => {
    //   p      D    S    V    I
    //  9.90   500  300  300  +200
    // 10.10   300  400  300  -100   <- same volume, smaller imbalance
    // The reference 9.95 is nearer 9.90, which loses anyway: imbalance is the earlier rule.
    const r = match([buy('B1', '300', '10.10'), buy('B2', '200', '9.90'), sell('S1', '300', '9.90'), sell('S2', '100', '10.10')], '9.95');
    // Only B1 pays 10.10; S1 (better price) fills first and takes all 300, S2 gets nothing.
    expect(r).toEqual<AuctionResult>({
      price: '10.10',
      matchedVolume: '300',
      imbalance: { side: 'sell', quantity: '100' },
      fills: [
        { id: 'B1', quantity: '300' },
        { id: 'S1', quantity: '300' },
      ],
      unfilled: [
        { id: 'B2', quantity: '200', type: 'limit' },
        { id: 'S2', quantity: '100', type: 'limit' },
      ],
    });
  });

  it('breaks a volume and imbalance tie by the price nearest the reference', () => {
    //   p      D    S    V    I
    //  9.90   100  100  100    0
    // 10.20   100  100  100    0
    // 10.30     0  150    0 -150
    // Reference 10.15: 10.20 is 0.05 away, 9.90 is 0.25 away. Reference 9.95: 9.90 is 0.05 away.
    const book = [sell('S1', '100', '9.90'), buy('B1', '100', '10.20'), sell('S2', '150', '10.30')];
    const high = match(book, '10.15');
    expect(high).toEqual<AuctionResult>({
      price: '10.20',
      matchedVolume: '100',
      imbalance: { side: null, quantity: '0' },
      fills: [
        { id: 'S1', quantity: '100' },
        { id: 'B1', quantity: '100' },
      ],
      unfilled: [{ id: 'S2', quantity: '150', type: 'limit' }],
    });
    expect(match(book, '9.95')).toEqual({ ...high, price: '9.90' });
  });

  describe('two prices equidistant from the reference (10.00)', () => {
    it('goes up under buy pressure at both', () => {
      //   p      D    S    V    I
      //  9.90   150  100  100  +50
      // 10.10   150  100  100  +50   <- buyers are left over at both: the higher
      const r = match([sell('S1', '100', '9.90'), buy('B1', '150', '10.10')]);
      expect(r.price).toBe('10.10');
      expect(r.imbalance).toEqual({ side: 'buy', quantity: '50' });
      expect(r.unfilled).toEqual([{ id: 'B1', quantity: '50', type: 'limit' }]);
    });

    it('goes down under sell pressure at both', () => {
      //   p      D    S    V    I
      //  9.90   100  150  100  -50   <- sellers are left over at both: the lower
      // 10.10   100  150  100  -50
      const r = match([sell('S1', '150', '9.90'), buy('B1', '100', '10.10')]);
      expect(r.price).toBe('9.90');
      expect(r.imbalance).toEqual({ side: 'sell', quantity: '50' });
    });

    it('takes the lower when the book is balanced at both', () => {
      //   p      D    S    V    I
      //  9.90   100  100  100    0   <- no pressure: the lower
      // 10.10   100  100  100    0
      const r = match([sell('S1', '100', '9.90'), buy('B1', '100', '10.10')]);
      expect(r.price).toBe('9.90');
      expect(r.imbalance).toEqual({ side: null, quantity: '0' });
    });

    it('takes the lower when the pressure points opposite ways', () => {
      //   p      D    S    V    I
      //  9.90   150  100  100  +50   <- buy pressure here, sell pressure there: the lower
      // 10.10   100  150  100  -50
      const r = match([sell('S1', '100', '9.90'), sell('S2', '50', '10.10'), buy('B1', '100', '10.10'), buy('B2', '50', '9.90')]);
      // At 9.90: B1 (10.10, the better price) fills before B2; S2 at 10.10 is priced away.
      expect(r).toEqual<AuctionResult>({
        price: '9.90',
        matchedVolume: '100',
        imbalance: { side: 'buy', quantity: '50' },
        fills: [
          { id: 'S1', quantity: '100' },
          { id: 'B1', quantity: '100' },
        ],
        unfilled: [
          { id: 'S2', quantity: '50', type: 'limit' },
          { id: 'B2', quantity: '50', type: 'limit' },
        ],
      });
    });
  });

  it('matches at-auction orders alone at the reference price, on the tick', () => {
    //   p (reference)  D    S    V    I
    //  10.00          300  200  200  +100
    const r = match([buy('A1', '300'), sell('A2', '200')]);
    expect(r).toEqual<AuctionResult>({
      price: '10.00',
      matchedVolume: '200',
      imbalance: { side: 'buy', quantity: '100' },
      fills: [
        { id: 'A1', quantity: '200' },
        { id: 'A2', quantity: '200' },
      ],
      unfilled: [{ id: 'A1', quantity: '100', type: 'auction' }],
    });
    // A model price off the grid prints on the nearest tick (half-up).
    expect(match([buy('A1', '300'), sell('A2', '200')], '10.005').price).toBe('10.01');
    expect(match([buy('A1', '300'), sell('A2', '200')], '10.0049').price).toBe('10.00');
  });

  it('lets an at-auction buy take any limit sell price', () => {
    //   p      D    S    V    I
    // 10.50   100   60   60  +40
    // 10.60   100  160  100  -60   <- max volume, 0.60 above the reference
    const r = match([buy('A1', '100'), sell('S1', '60', '10.50'), sell('S2', '100', '10.60')]);
    expect(r.price).toBe('10.60');
    expect(r.fills).toEqual([
      { id: 'A1', quantity: '100' },
      { id: 'S1', quantity: '60' },
      { id: 'S2', quantity: '40' },
    ]);
  });

  it('gives no price and fills nothing when nothing crosses', () => {
    //   p      D    S    V
    //  9.90   100    0    0
    // 10.00     0  100    0
    const noCross = match([buy('B1', '100', '9.90'), sell('S1', '100', '10.00')]);
    expect(noCross).toEqual<AuctionResult>({
      price: null,
      matchedVolume: '0',
      imbalance: { side: null, quantity: '0' },
      fills: [],
      unfilled: [
        { id: 'B1', quantity: '100', type: 'limit' },
        { id: 'S1', quantity: '100', type: 'limit' },
      ],
    });
    // At-auction orders on one side only: nothing to meet them.
    expect(match([buy('A1', '100'), buy('B1', '50', '10.00')]).price).toBeNull();
    expect(match([]).price).toBeNull();
  });

  it('fills the marginal order in part, by time among equal prices', () => {
    //   p      D    S    V    I
    // 10.00   300  250  250  +50
    // The three buys share the price; sequence (not the list order) decides: B2, B3, then B1 in part.
    const r = match([buy('B1', '100', '10.00', 3), buy('B2', '100', '10.00', 1), buy('B3', '100', '10.00', 2), sell('S1', '250', '10.00', 4)]);
    expect(r).toEqual<AuctionResult>({
      price: '10.00',
      matchedVolume: '250',
      imbalance: { side: 'buy', quantity: '50' },
      fills: [
        { id: 'B1', quantity: '50' },
        { id: 'B2', quantity: '100' },
        { id: 'B3', quantity: '100' },
        { id: 'S1', quantity: '250' },
      ],
      unfilled: [{ id: 'B1', quantity: '50', type: 'limit' }],
    });
  });

  it('fills at-auction sells before a better-priced, earlier limit sell', () => {
    //   p      D    S    V    I
    //  9.80   150  200  150  -50
    // 10.00   150  200  150  -50   <- the reference itself
    const r = match([sell('S1', '100', '9.80', 1), buy('B1', '150', '10.00', 2), sell('A1', '100', undefined, 5)]);
    // A1 (at-auction, latest) takes 100 first; S1 gets the remaining 50 of its 100.
    expect(r.price).toBe('10.00');
    expect(r.fills).toEqual([
      { id: 'S1', quantity: '50' },
      { id: 'B1', quantity: '150' },
      { id: 'A1', quantity: '100' },
    ]);
    expect(r.unfilled).toEqual([{ id: 'S1', quantity: '50', type: 'limit' }]);
  });

  it('fills at-auction buys before a better-priced, earlier limit buy', () => {
    //   p      D    S    V    I
    // 10.00   250  200  200  +50   <- the reference itself
    // 10.20   250  200  200  +50
    const r = match([buy('B1', '150', '10.20', 1), sell('S1', '200', '10.00', 2), buy('A1', '100', undefined, 5)]);
    expect(r.price).toBe('10.00');
    expect(r.fills).toEqual([
      { id: 'B1', quantity: '100' },
      { id: 'S1', quantity: '200' },
      { id: 'A1', quantity: '100' },
    ]);
    expect(r.unfilled).toEqual([{ id: 'B1', quantity: '50', type: 'limit' }]);
  });

  it('lists exactly what is left of each order', () => {
    // Reference 50.00, tick 0.05, fractional quantities; at-auction sells 12.5 + 35 = 47.5.
    //   p      D      S      V      I
    // 49.90   45.25  47.5   45.25  -2.25   <- max volume
    // 49.95   40     57.5   40    -17.5
    // 50.10   40     57.5   40    -17.5
    // 50.20    0     65.5    0    -65.5
    const r = match(
      [
        buy('B1', '40', '50.10', 1),
        buy('B2', '5.25', '49.90', 2),
        sell('A1', '12.5', undefined, 3),
        sell('A2', '35', undefined, 4),
        sell('S3', '10', '49.95', 5),
        sell('S4', '8', '50.20', 6),
      ],
      '50.00',
      '0.05',
    );
    // Buys fill whole (45.25). Sells: A1 12.5, then A2 32.75 of 35; S3 and S4 are priced away.
    // Fully filled orders (B1, B2, A1) are absent from the leftovers; A2's 2.25 is at-auction (to cancel).
    expect(r).toEqual<AuctionResult>({
      price: '49.90',
      matchedVolume: '45.25',
      imbalance: { side: 'sell', quantity: '2.25' },
      fills: [
        { id: 'B1', quantity: '40' },
        { id: 'B2', quantity: '5.25' },
        { id: 'A1', quantity: '12.5' },
        { id: 'A2', quantity: '32.75' },
      ],
      unfilled: [
        { id: 'A2', quantity: '2.25', type: 'auction' },
        { id: 'S3', quantity: '10', type: 'limit' },
        { id: 'S4', quantity: '8', type: 'limit' },
      ],
    });
  });

  it('treats equal prices written differently as one level', () => {
    //   p      D    S    V
    // 10.5    100  100  100   ("10.5" and "10.50" are the same level, printed on the tick's places)
    const r = match([buy('B1', '60', '10.5'), buy('B2', '40', '10.50'), sell('S1', '100', '10.500')]);
    expect(r.price).toBe('10.50');
    expect(r.matchedVolume).toBe('100');
  });

  it('is the indicative price too', () => {
    expect(indicativeAuction).toBe(matchAuction);
  });

  it('refuses a malformed book', () => {
    expect(() => match([{ id: 'X', side: 'buy', type: 'limit', quantity: '1', sequence: 1 }])).toThrow(RangeError);
    expect(() => match([{ id: 'X', side: 'buy', type: 'auction', price: '10', quantity: '1', sequence: 1 }])).toThrow(RangeError);
    expect(() => match([buy('X', '0', '10.00')])).toThrow(RangeError);
    expect(() => match([buy('X', '1', '-1')])).toThrow(RangeError);
    expect(() => match([buy('X', '1'), sell('X', '1')])).toThrow(RangeError);
    expect(() => match([buy('X', 'abc')])).toThrow(RangeError);
    expect(() => match([], '10.00', '0')).toThrow(RangeError);
  });
});

describe('auctionLimitBand', () => {
  it('is 15 % either side of the previous close, on the grid, rounded inward', () => {
    expect(auctionLimitBand('10.00', '0.01')).toEqual({ low: '8.50', high: '11.50' });
    // 3.27 x 0.85 = 2.7795 -> up to 2.78; 3.27 x 1.15 = 3.7605 -> down to 3.76.
    expect(auctionLimitBand('3.27', '0.01')).toEqual({ low: '2.78', high: '3.76' });
    // Tick 0.02: 10.03 x 0.85 = 8.5255 -> 8.54; 10.03 x 1.15 = 11.5345 -> 11.52.
    expect(auctionLimitBand('10.03', '0.02')).toEqual({ low: '8.54', high: '11.52' });
    // Tick 5 on a large price: 1234 x 0.85 = 1048.9 -> 1050; 1234 x 1.15 = 1419.1 -> 1415.
    expect(auctionLimitBand('1234', '5')).toEqual({ low: '1050', high: '1415' });
  });
});
