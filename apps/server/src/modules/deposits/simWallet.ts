import { DEPOSIT_CRYPTO, type SimSend, type SimWallet } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { ExchangeRates } from '../wallet';
import type { ChainWatcher } from './chain';

// The investor's simulated external wallet (issue 16, finding 9): where a crypto deposit comes from
// on the simulated chain. A demo faucet fills it, at most SIM_FAUCET_DAILY USDT of value per UTC
// day; a send to the deposit address debits it (never below zero, in one statement) and records the
// transaction under a hash the server makes. A deposit report is accepted for such a transaction
// only (`findSend`), and a refused deposit's coins come back to it (`refund`). Nothing here touches
// the ledger: the simulated wallet is outside the app, like a real external wallet.

const DAY_MS = 86_400_000;

export interface SimTransferRow {
  id: number;
  user_id: number;
  currency: string;
  network: string;
  kind: 'faucet' | 'send' | 'refund';
  amount: string;
  tx_hash: string | null;
  to_address: string | null;
  created_at: Date;
}

/** A coin of the simulated chain: one of the contract's crypto deposit methods, or refused. */
function coinOf(input: { currency: string; network: string }) {
  const currency = input.currency.toUpperCase();
  const m = DEPOSIT_CRYPTO.find((c) => c.currency === currency && c.network === input.network);
  if (!m) throw new AppError('e.currencyUnsupported', { currency: 'e.currencyUnsupported' });
  return m;
}

/** A coin amount as exact as it is: `100.00000000` reads `100`. */
const coin = (v: Dec | string) => new Dec(v).toFixed();

export function createSimWallet(opts: {
  db: Db;
  chain: ChainWatcher;
  exchangeRates: ExchangeRates;
  now: () => number;
  faucetDailyUsd: string;
  reviewAboveEur: string;
}) {
  const { db, chain, exchangeRates, now } = opts;
  const limit = new Dec(opts.faucetDailyUsd);
  const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

  async function usedOn(sql: Sql, userId: number, day: string): Promise<Dec> {
    const [row] = await sql.query<{ used_usd: string }>('select used_usd from sim_faucet_days where user_id = $1 and day = $2', [userId, day]);
    return new Dec(row?.used_usd ?? 0);
  }
  const leftOf = (used: Dec) => Dec.max(limit.sub(used), 0).toDecimalPlaces(2, Dec.ROUND_DOWN);

  async function view(sql: Sql, userId: number): Promise<SimWallet> {
    const t = now();
    const used = await usedOn(sql, userId, dayOf(t));
    const left = leftOf(used);
    const rows = await sql.query<{ currency: string; network: string; balance: string }>(
      'select currency, network, balance from sim_wallets where user_id = $1',
      [userId],
    );
    return {
      simulated: true,
      wallets: DEPOSIT_CRYPTO.map((m) => {
        const row = rows.find((r) => r.currency === m.currency && r.network === m.network);
        return {
          currency: m.currency,
          network: m.network,
          balance: coin(row?.balance ?? '0'),
          faucetMax: left.div(exchangeRates.rate(m.currency, 'USD')).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2),
        };
      }),
      faucet: {
        dailyLimit: fixed(limit, 2),
        usedToday: fixed(used, 2),
        leftToday: left.toFixed(2),
        unit: 'USDT',
        resetTimestamp: (Math.floor(t / DAY_MS) + 1) * DAY_MS,
      },
      reviewAboveEur: fixed(opts.reviewAboveEur, 2),
    };
  }

  async function credit(sql: Sql, userId: number, currency: string, network: string, amount: Dec): Promise<string> {
    const [w] = await sql.query<{ balance: string }>(
      `insert into sim_wallets (user_id, currency, network, balance) values ($1, $2, $3, $4)
       on conflict (user_id, currency, network) do update set balance = sim_wallets.balance + excluded.balance, updated_at = now()
       returning balance`,
      [userId, currency, network, amount.toFixed()],
    );
    return w!.balance;
  }

  return {
    view: (userId: number) => view(db, userId),

    /** Demo coins into the simulated wallet, counted against the day's limit at the live rate. */
    async faucet(userId: number, input: { currency: string; network: string; amount: string }): Promise<SimWallet> {
      const { currency, network } = coinOf(input);
      const amount = new Dec(input.amount);
      const usd = amount.mul(exchangeRates.rate(currency, 'USD')).toDecimalPlaces(8, Dec.ROUND_UP);
      const t = now();
      const day = dayOf(t);
      return db.tx(async (sql) => {
        const refuse = async () => {
          const left = leftOf(await usedOn(sql, userId, day));
          return new AppError('e.faucetLimit', { amount: 'e.faucetLimit' }, { limit: fixed(limit, 2), left: left.toFixed(2) });
        };
        if (usd.gt(limit)) throw await refuse();
        // One statement: of two calls at once, the second sees the first's use and stays within the limit.
        const [raised] = await sql.query<{ used_usd: string }>(
          `insert into sim_faucet_days (user_id, day, used_usd) values ($1, $2, $3)
           on conflict (user_id, day) do update set used_usd = sim_faucet_days.used_usd + excluded.used_usd
            where sim_faucet_days.used_usd + excluded.used_usd <= $4
           returning used_usd`,
          [userId, day, usd.toFixed(), limit.toFixed()],
        );
        if (!raised) throw await refuse();
        const balance = await credit(sql, userId, currency, network, amount);
        await sql.query(
          `insert into sim_wallet_transfers (user_id, currency, network, kind, amount, usd_value, balance_after, created_at)
           values ($1, $2, $3, 'faucet', $4, $5, $6, $7)`,
          [userId, currency, network, amount.toFixed(), usd.toFixed(), balance, new Date(t)],
        );
        return view(sql, userId);
      });
    },

    /** A transaction of the simulated chain from the simulated wallet to the caller's deposit address. */
    async send(userId: number, input: { currency: string; network: string; amount: string }): Promise<SimSend> {
      const { currency, network } = coinOf(input);
      const amount = new Dec(input.amount);
      const t = now();
      const txHash = chain.newTxHash(network);
      const address = chain.addressFor(userId, network);
      return db.tx(async (sql) => {
        // Debited only while it covers the amount: concurrent sends wait on the row and re-check.
        const [debited] = await sql.query<{ balance: string }>(
          `update sim_wallets set balance = balance - $4, updated_at = now()
            where user_id = $1 and currency = $2 and network = $3 and balance >= $4
           returning balance`,
          [userId, currency, network, amount.toFixed()],
        );
        if (!debited) {
          const [row] = await sql.query<{ balance: string }>('select balance from sim_wallets where user_id = $1 and currency = $2 and network = $3', [
            userId,
            currency,
            network,
          ]);
          throw new AppError('e.simInsufficient', { amount: 'e.simInsufficient' }, { balance: coin(row?.balance ?? '0'), currency });
        }
        await sql.query(
          `insert into sim_wallet_transfers (user_id, currency, network, kind, amount, tx_hash, to_address, balance_after, created_at)
           values ($1, $2, $3, 'send', $4, $5, $6, $7, $8)`,
          [userId, currency, network, amount.toFixed(), txHash, address, debited.balance, new Date(t)],
        );
        return { simulated: true, currency, network, amount: coin(amount), txHash, address, balance: coin(debited.balance), sentTimestamp: t };
      });
    },

    /**
     * The transaction a crypto deposit report names, as the simulated chain knows it: sent by this
     * user from the simulated wallet to this user's deposit address, in this coin. Refused otherwise;
     * a different amount is refused with the amount the transaction did send.
     */
    async findSend(sql: Sql, userId: number, input: { currency: string; network: string; txHash: string; amount: string }): Promise<SimTransferRow> {
      const [t] = await sql.query<SimTransferRow>("select * from sim_wallet_transfers where kind = 'send' and network = $1 and lower(tx_hash) = lower($2)", [
        input.network,
        input.txHash,
      ]);
      if (!t || Number(t.user_id) !== userId || t.currency !== input.currency || t.to_address !== chain.addressFor(userId, input.network)) {
        throw new AppError('e.txHashUnknown', { txHash: 'e.txHashUnknown' });
      }
      if (!new Dec(t.amount).eq(input.amount))
        throw new AppError('e.txAmountMismatch', { amount: 'e.txAmountMismatch' }, { amount: coin(t.amount), currency: t.currency });
      return t;
    },

    /** A refused deposit's coins back to the simulated wallet they came from, once. */
    async refund(sql: Sql, deposit: { id: number; user_id: number; sim_transfer_id: number | null }): Promise<string | null> {
      if (deposit.sim_transfer_id === null) return null;
      const [t] = await sql.query<SimTransferRow>('select * from sim_wallet_transfers where id = $1', [deposit.sim_transfer_id]);
      if (!t) return null;
      const amount = new Dec(t.amount);
      const balance = await credit(sql, Number(t.user_id), t.currency, t.network, amount);
      await sql.query(
        `insert into sim_wallet_transfers (user_id, currency, network, kind, amount, deposit_id, balance_after, created_at)
         values ($1, $2, $3, 'refund', $4, $5, $6, $7)`,
        [t.user_id, t.currency, t.network, amount.toFixed(), deposit.id, balance, new Date(now())],
      );
      return coin(amount);
    },
  };
}

export type SimWalletService = ReturnType<typeof createSimWallet>;
