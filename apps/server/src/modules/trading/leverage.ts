import { LEVERAGE_RISK_VERSION, type LeverageRisk } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import type { TradingContext } from './context';
import * as repo from './repository';

/** The caller's acknowledgement of the leverage risk warning, as the wire says it. */
export async function leverageRisk(sql: Sql, userId: number): Promise<LeverageRisk> {
  const row = await repo.leverageRiskOf(sql, userId);
  return {
    acknowledged: row !== undefined && row.version >= LEVERAGE_RISK_VERSION,
    version: LEVERAGE_RISK_VERSION,
    acknowledgedVersion: row?.version ?? null,
    acknowledgedAtTimestamp: row ? row.acknowledged_at.getTime() : null,
  };
}

/** The investor's side of the leverage risk warning: reading and acknowledging it. */
export function createLeverageUseCases(ctx: TradingContext) {
  const { db } = ctx;
  return {
    leverageRisk: (userId: number) => leverageRisk(db, userId),

    /** Acknowledge the leverage risk warning of `version` (the current one); a repeat changes nothing. */
    async acknowledgeLeverageRisk(userId: number, version: number) {
      await repo.acknowledgeLeverageRisk(db, userId, version);
      return leverageRisk(db, userId);
    },
  };
}
