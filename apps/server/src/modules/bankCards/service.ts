import type { zBankCard, zBankCardInput } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { assertOwnUpload } from '../files';

export type BankCardInput = z.output<typeof zBankCardInput>;
export type BankCard = z.input<typeof zBankCard>;

/** At most this many live cards per user. */
export const MAX_BANK_CARDS = 10;

export interface BankCardRow {
  id: number;
  user_id: number;
  bank_name: string;
  account_name: string;
  card_number: string;
  swift_code: string;
  branch_code: string | null;
  aba_routing: string | null;
  bank_address: string | null;
  country: string | null;
  personal_address: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  front_image: string | null;
  back_image: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

/** All but the last four characters hidden. */
export const maskCardNumber = (n: string) => (n.length <= 4 ? n : '*'.repeat(n.length - 4) + n.slice(-4));

export const toBankCard = (r: BankCardRow): BankCard => ({
  id: r.id,
  bankName: r.bank_name,
  accountName: r.account_name,
  cardNumber: r.card_number,
  cardNumberMasked: maskCardNumber(r.card_number),
  swiftCode: r.swift_code,
  branchCode: r.branch_code,
  abaRouting: r.aba_routing,
  bankAddress: r.bank_address,
  country: r.country,
  personalAddress: r.personal_address,
  city: r.city,
  region: r.region,
  postalCode: r.postal_code,
  frontImage: r.front_image,
  backImage: r.back_image,
  createTimeTimestamp: r.created_at.getTime(),
});

/** One of the user's live cards, or undefined (another user's card and removed cards are not found). */
export async function findBankCard(sql: Sql, userId: number, id: number): Promise<BankCardRow | undefined> {
  const [row] = await sql.query<BankCardRow>('select * from bank_cards where id = $1 and user_id = $2 and deleted_at is null', [id, userId]);
  return row;
}

/** Empty optional text is stored as null. */
const opt = (v: string | undefined) => (v ? v : null);

function columnsOf(input: BankCardInput) {
  return [
    input.bankName,
    input.accountName,
    input.cardNumber,
    input.swiftCode,
    opt(input.branchCode),
    opt(input.abaRouting),
    opt(input.bankAddress),
    opt(input.personalAddress),
    opt(input.city),
    opt(input.region),
    opt(input.postalCode),
    opt(input.frontImage),
    opt(input.backImage),
    opt(input.country),
  ];
}

async function assertOwnImages(sql: Sql, userId: number, input: BankCardInput) {
  if (input.frontImage) await assertOwnUpload(sql, userId, input.frontImage, 'frontImage');
  if (input.backImage) await assertOwnUpload(sql, userId, input.backImage, 'backImage');
}

/** The same account number twice for one user. */
function duplicateGuard(err: unknown): never {
  if (isUniqueViolation(err, 'bank_cards_user_number')) throw new AppError('e.cardExists', { cardNumber: 'e.cardExists' });
  throw err;
}

export function createBankCardService(db: Db) {
  return {
    async list(userId: number) {
      const rows = await db.query<BankCardRow>('select * from bank_cards where user_id = $1 and deleted_at is null order by id', [userId]);
      return rows.map(toBankCard);
    },

    async add(userId: number, input: BankCardInput) {
      return db.tx(async (sql) => {
        // Serialise the caller's card changes so two adds cannot both pass the limit.
        await sql.query('select id from users where id = $1 for update', [userId]);
        const [count] = await sql.query<{ n: number }>('select count(*)::int as n from bank_cards where user_id = $1 and deleted_at is null', [userId]);
        if ((count?.n ?? 0) >= MAX_BANK_CARDS) throw new AppError('e.cardLimit');
        await assertOwnImages(sql, userId, input);
        const [row] = await sql
          .query<BankCardRow>(
            `insert into bank_cards (user_id, bank_name, account_name, card_number, swift_code, branch_code, aba_routing,
               bank_address, personal_address, city, region, postal_code, front_image, back_image, country)
             values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15) returning *`,
            [userId, ...columnsOf(input)],
          )
          .catch(duplicateGuard);
        return toBankCard(row!);
      });
    },

    async update(userId: number, id: number, input: BankCardInput) {
      return db.tx(async (sql) => {
        const [current] = await sql.query<BankCardRow>('select * from bank_cards where id = $1 and user_id = $2 and deleted_at is null for update', [
          id,
          userId,
        ]);
        if (!current) throw notFound();
        await assertOwnImages(sql, userId, input);
        const [row] = await sql
          .query<BankCardRow>(
            `update bank_cards set bank_name = $3, account_name = $4, card_number = $5, swift_code = $6, branch_code = $7,
               aba_routing = $8, bank_address = $9, personal_address = $10, city = $11, region = $12, postal_code = $13,
               front_image = $14, back_image = $15, country = $16, updated_at = now()
             where id = $1 and user_id = $2 returning *`,
            [id, userId, ...columnsOf(input)],
          )
          .catch(duplicateGuard);
        return toBankCard(row!);
      });
    },

    async remove(userId: number, id: number) {
      const rows = await db.query('update bank_cards set deleted_at = now() where id = $1 and user_id = $2 and deleted_at is null returning id', [id, userId]);
      if (!rows.length) throw notFound();
      return { removed: rows.length };
    },
  };
}

export type BankCardService = ReturnType<typeof createBankCardService>;
