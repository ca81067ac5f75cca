import { defineJob } from '../../schedule/job';
import { LOCKS } from '../../schedule/leader';
import type { BondService } from './service';

/**
 * Bond coupons on their dates and redemption at par with the last coupon at maturity (decision 0022).
 * Idempotent: a holding's `next_payment` moves on in the transaction that pays it, under the
 * holding's row lock, and a unique index admits one payment per holding, kind and day.
 */
export const bondCoupon = (bonds: BondService) =>
  defineJob({
    name: 'bond-coupon',
    everyMs: 60_000,
    lock: LOCKS.bondCoupon,
    run: () => bonds.runDue(),
  });
