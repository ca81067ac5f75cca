import type { AddressType, zAddress } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';

export type Address = z.input<typeof zAddress>;
export interface AddressInput {
  currencyType: AddressType;
  address: string;
  label?: string | undefined;
}

/** At most this many live addresses per user. */
export const MAX_ADDRESSES = 10;

export interface AddressRow {
  id: number;
  user_id: number;
  currency_type: AddressType;
  address: string;
  label: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

export const toAddress = (r: AddressRow): Address => ({
  id: r.id,
  currencyType: r.currency_type,
  address: r.address,
  label: r.label,
  createTimeTimestamp: r.created_at.getTime(),
});

/** One of the user's live addresses, or undefined (another user's and removed addresses are not found). */
export async function findAddress(sql: Sql, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await sql.query<AddressRow>('select * from wallet_addresses where id = $1 and user_id = $2 and deleted_at is null', [id, userId]);
  return row;
}

/** The same network and address twice for one user. */
function duplicateGuard(err: unknown): never {
  if (isUniqueViolation(err, 'wallet_addresses_user_address')) throw new AppError('e.addressExists', { address: 'e.addressExists' });
  throw err;
}

export function createAddressService(db: Db) {
  return {
    async list(userId: number) {
      const rows = await db.query<AddressRow>('select * from wallet_addresses where user_id = $1 and deleted_at is null order by id', [userId]);
      return rows.map(toAddress);
    },

    /** Add without an id, change with one. The address form was checked by the contract schema. */
    async save(userId: number, input: AddressInput & { id?: number | undefined }) {
      const label = input.label ? input.label : null;
      return db.tx(async (sql) => {
        if (input.id !== undefined) {
          const [row] = await sql
            .query<AddressRow>(
              `update wallet_addresses set currency_type = $3, address = $4, label = $5, updated_at = now()
               where id = $1 and user_id = $2 and deleted_at is null returning *`,
              [input.id, userId, input.currencyType, input.address, label],
            )
            .catch(duplicateGuard);
          if (!row) throw notFound();
          return toAddress(row);
        }
        // Serialise the caller's additions so two cannot both pass the limit.
        await sql.query('select id from users where id = $1 for update', [userId]);
        const [count] = await sql.query<{ n: number }>('select count(*)::int as n from wallet_addresses where user_id = $1 and deleted_at is null', [userId]);
        if ((count?.n ?? 0) >= MAX_ADDRESSES) throw new AppError('e.addressLimit');
        const [row] = await sql
          .query<AddressRow>('insert into wallet_addresses (user_id, currency_type, address, label) values ($1, $2, $3, $4) returning *', [
            userId,
            input.currencyType,
            input.address,
            label,
          ])
          .catch(duplicateGuard);
        return toAddress(row!);
      });
    },

    async remove(userId: number, id: number) {
      const rows = await db.query('update wallet_addresses set deleted_at = now() where id = $1 and user_id = $2 and deleted_at is null returning id', [
        id,
        userId,
      ]);
      if (!rows.length) throw notFound();
      return { removed: rows.length };
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
