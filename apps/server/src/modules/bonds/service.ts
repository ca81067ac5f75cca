import { bondSpecOf } from '../../market/bondTerms';
import { createBondContext, type BondServiceOptions } from './context';
import { createBondCoupons } from './coupons';
import { createBondInvestor } from './investor';
import { createBondOperator } from './operator';
import * as repo from './repository';
import { BONDS } from './views';

// Bonds for investors and operators (decision 0022): quotes from the yield curve, purchases at the
// ask's dirty price plus the markup, coupons and redemption by the `bondCoupon` job, sales at the
// bid's dirty price less the markup. Every movement is one journal between the wallet of the bond's
// currency and the house book (the markup to the house's fees). The money moves at the trade, but a
// trade's price, accrued interest and coupons are those of its settlement day (`bondSettlementDay`):
// a coupon due on or before it is the seller's, after it the buyer's.

// The investor's use cases are in investor.ts, the back office's in operator.ts, the coupon job's in
// coupons.ts; all share one context, whose spreads' schedules the refresh here keeps current.

const REFRESH_MS = 5_000;

export function createBondService(opts: BondServiceOptions) {
  const ctx = createBondContext(opts);
  const { db, refresh } = ctx;
  const coupons = createBondCoupons(ctx);

  return {
    refresh,

    /** Every bond listed once, with the terms it starts with. */
    async ensureListings(): Promise<void> {
      for (const i of BONDS) {
        const spec = bondSpecOf(i.symbol);
        await repo.ensureListing(db, { symbol: i.symbol, spreadBp: spec.spreadBp, faceIncrement: spec.faceIncrement });
      }
      await refresh();
    },

    /** Follow spread changes made on other nodes. */
    startRefresh(log: { warn: (obj: unknown, msg: string) => void }): () => void {
      const timer = setInterval(() => void refresh().catch((err: unknown) => log.warn({ err }, 'bond spreads refresh failed')), REFRESH_MS);
      timer.unref?.();
      return () => clearInterval(timer);
    },

    ...createBondInvestor(ctx, coupons),

    runDue: coupons.runDue,

    ...createBondOperator(ctx),
  };
}

export type BondService = ReturnType<typeof createBondService>;
