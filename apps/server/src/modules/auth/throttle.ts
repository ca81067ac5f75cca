// Failed sign-ins, counted in the database every node shares (table sign_in_throttles, migration
// 0022), beside the route's own limit per address and account name (src/http/register.ts):
//  - per client address over every account: one address spraying one password over many accounts
//    is refused after `addressFailures` failures in a window;
//  - per account over every address: after `accountFreeFailures` failures in a row the account
//    answers "try again in N s" to everyone, N doubling with each further failure up to a cap; a
//    successful sign-in starts it again from zero.
// Each attempt is counted as a failure before its password is checked, in the same statement that
// checks the limit, so attempts made at the same moment cannot all slip under it; a success gives
// the address's back and clears the account's.
import type { Db } from '../../db/db';
import { AppError } from '../../errors';

/** The limits at RATE_LIMIT_FACTOR 1; the counts are multiplied by the factor like every rate limit. */
export const SIGN_IN_LIMITS = {
  /** Failed sign-ins one address may make over all accounts in one window ... */
  addressFailures: 20,
  /** ... of this many seconds. */
  addressWindowSeconds: 600,
  /** Failed sign-ins in a row on one account, from any address, before each further attempt waits. */
  accountFreeFailures: 10,
  /** The first wait; each further failure doubles it ... */
  firstDelaySeconds: 30,
  /** ... up to this. */
  maxDelaySeconds: 900,
  /** An account's failures older than this are forgotten. */
  forgetAfterSeconds: 86_400,
} as const;

export interface SignInAttempt {
  address: string;
  account: string;
}

/** The account key of a login name: its user, or the name itself when no account has it, so both answer alike. */
export const accountKey = (userId: number | undefined, login: string) =>
  userId !== undefined ? `u:${userId}` : `n:${login.trim().toLowerCase().slice(0, 100)}`;

export function createSignInThrottle(db: Db, factor = 1) {
  const L = SIGN_IN_LIMITS;
  const addressMax = Math.round(L.addressFailures * factor);
  const accountFree = Math.round(L.accountFreeFailures * factor);
  // The wait after the latest failure once an account has `failures` >= accountFree of them.
  const delay = (t: string) => `least($2::float8 * power(2, ${t}.failures - $3::int), $4::float8)`;

  const delayed = (seconds: number) => new AppError('e.signInDelayed', undefined, { seconds: Math.max(1, Math.ceil(seconds)) });

  async function claimAddress(key: string) {
    const [row] = await db.query<{ failures: number }>(
      `insert into sign_in_throttles as t (key, failures) values ($1, 1)
       on conflict (key) do update set
         failures = case when t.window_start <= now() - make_interval(secs => $2::float8) then 1 else t.failures + 1 end,
         window_start = case when t.window_start <= now() - make_interval(secs => $2::float8) then now() else t.window_start end,
         last_failure_at = now()
       where t.window_start <= now() - make_interval(secs => $2::float8) or t.failures < $3::int
       returning failures`,
      [key, L.addressWindowSeconds, addressMax],
    );
    if (row) return;
    const [wait] = await db.query<{ s: number }>(
      `select extract(epoch from window_start + make_interval(secs => $2::float8) - now())::float8 as s from sign_in_throttles where key = $1`,
      [key, L.addressWindowSeconds],
    );
    throw delayed(wait?.s ?? 1);
  }

  async function claimAccount(key: string) {
    const [row] = await db.query<{ failures: number }>(
      `insert into sign_in_throttles as t (key, failures) values ($1, 1)
       on conflict (key) do update set
         failures = case when t.last_failure_at <= now() - make_interval(secs => $5::float8) then 1 else t.failures + 1 end,
         last_failure_at = now()
       where t.failures < $3::int or t.last_failure_at <= now() - make_interval(secs => ${delay('t')})
       returning failures`,
      [key, L.firstDelaySeconds, accountFree, L.maxDelaySeconds, L.forgetAfterSeconds],
    );
    if (row) return;
    const [wait] = await db.query<{ s: number }>(
      `select extract(epoch from last_failure_at + make_interval(secs => ${delay('sign_in_throttles')}) - now())::float8 as s
         from sign_in_throttles where key = $1`,
      [key, L.firstDelaySeconds, accountFree, L.maxDelaySeconds],
    );
    throw delayed(wait?.s ?? 1);
  }

  const refundAddress = (key: string) => db.query('update sign_in_throttles set failures = greatest(failures - 1, 0) where key = $1', [key]);

  return {
    /**
     * Count an attempt of `address` on `account` as a failure, or throw `e.signInDelayed` (429)
     * when the address or the account may not try now; nothing is counted then.
     */
    async claim(address: string, account: string): Promise<SignInAttempt> {
      const attempt = { address: `a:${address}`, account };
      await claimAddress(attempt.address);
      try {
        await claimAccount(account);
      } catch (err) {
        await refundAddress(attempt.address);
        throw err;
      }
      // Now and then, forget what no limit looks at any more.
      if (Math.random() < 0.01) {
        await db.query('delete from sign_in_throttles where last_failure_at < now() - make_interval(secs => $1::float8)', [L.forgetAfterSeconds]);
      }
      return attempt;
    },

    /** The password was right: the attempt was no failure. */
    async succeeded(attempt: SignInAttempt) {
      await refundAddress(attempt.address);
      await db.query('delete from sign_in_throttles where key = $1', [attempt.account]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
