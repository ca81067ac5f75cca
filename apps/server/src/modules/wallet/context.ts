import { JournalKind } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { findHoldJournal } from '../../ledger/ledger';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import type { ExchangeRates } from './exchangeRates';
import type { TransferRow } from './views';

/** What the wallet's use cases share: the service's options, as given. */
export interface WalletContext {
  db: Db;
  exchangeRates: ExchangeRates;
  market: MarketService;
  notices: Notices;
  settleSeconds: number;
}

/** The hold of a transfer in progress; transfers held before migration 0007 find it by reference. */
export async function holdOf(sql: Sql, t: TransferRow): Promise<number> {
  const id = t.hold_journal_id ?? (await findHoldJournal(sql, { refType: 'transfer', refId: t.id, kind: JournalKind.TransferHold }));
  if (id === undefined) throw new Error(`transfer ${t.id} in progress has no hold`);
  return id;
}
