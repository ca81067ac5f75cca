import { JournalKind } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { FUNDING_ACCOUNT, HOUSE, postJournal } from '../../ledger/ledger';

// The ledger side of deposits: money that came in from outside enters through the house's deposits
// account in the currency it was sent in and lands in the investor's funding account in euros, so a
// deposit in another currency passes through the house's fx account at the rate it was credited at.

/**
 * A deposit credited: `amount` as sent in `currency`, `credited` its euros. The journal refers to the
 * deposit; the actor is the operator who approved it, or nobody when the chain's confirmations did.
 */
export function postDeposit(
  sql: Sql,
  d: { userId: number; depositId: number; currency: string; amount: Dec | string; credited: Dec | string; actorId: number | null },
): Promise<number> {
  const amount = new Dec(d.amount);
  const credited = new Dec(d.credited);
  const funding = { userId: d.userId, wallet: FUNDING_ACCOUNT, part: 'available' as const, currency: 'EUR' };
  const postings =
    d.currency === 'EUR'
      ? [
          { account: { house: HOUSE.deposits, currency: 'EUR' }, amount: amount.neg() },
          { account: funding, amount },
        ]
      : [
          { account: { house: HOUSE.deposits, currency: d.currency }, amount: amount.neg() },
          { account: { house: HOUSE.fx, currency: d.currency }, amount },
          { account: { house: HOUSE.fx, currency: 'EUR' }, amount: credited.neg() },
          { account: funding, amount: credited },
        ];
  return postJournal(sql, { kind: JournalKind.Deposit, userId: d.userId, actorId: d.actorId, refType: 'deposit', refId: d.depositId }, postings);
}
