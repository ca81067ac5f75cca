import type { Sql } from '../../../db/db';

export interface LeverageRiskRow {
  version: number;
  acknowledged_at: Date;
}

/** The caller's acknowledgement of the leverage risk warning (migration 0009), if any. */
export async function leverageRiskOf(sql: Sql, userId: number): Promise<LeverageRiskRow | undefined> {
  const [row] = await sql.query<LeverageRiskRow>('select version, acknowledged_at from leverage_risk_acknowledgements where user_id = $1', [userId]);
  return row;
}

/**
 * Record the acknowledgement of `version`: the first one stands (a repeat of the same version keeps
 * its time); a newer version replaces an older one. Safe under parallel calls (one row per user).
 */
export async function acknowledgeLeverageRisk(sql: Sql, userId: number, version: number): Promise<void> {
  await sql.query(
    `insert into leverage_risk_acknowledgements (user_id, version) values ($1, $2)
     on conflict (user_id) do update set version = excluded.version, acknowledged_at = now()
     where leverage_risk_acknowledgements.version < excluded.version`,
    [userId, version],
  );
}
