import type { BlockQuoteReview, BlockQuoteStatus } from '@tradeapp/contract';
import { USER_REF_COLUMNS, userRefOf, type UserRefColumns } from '../../lib/review';
import type { QuoteContext, QuoteRow } from './quotesView';

/** The back office's call: every investor's quotes, refused ones with their reason. */
export function createQuotesOperator(ctx: QuoteContext) {
  const { db, now, toQuote } = ctx;

  /** Statuses as stored: `expired` is a quoted row past its expiry at `at`, `quoted` one before it. */
  const STATUS_SQL: Record<BlockQuoteStatus, string> = {
    requested: "q.status = 'requested'",
    quoted: "q.status = 'quoted' and q.expires_at > $1",
    expired: "(q.status = 'expired' or (q.status = 'quoted' and q.expires_at <= $1))",
    accepted: "q.status = 'accepted'",
    refused: "q.status = 'refused'",
  };

  return {
    /** Every investor's quotes for the back office, newest first, by status as the investor sees it. */
    async all(status: BlockQuoteStatus | undefined, page: number, size: number) {
      const at = now();
      const where = status ? STATUS_SQL[status] : 'true';
      const params: unknown[] = where.includes('$1') ? [new Date(at)] : [];
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from block_quotes q where ${where}`, params);
      const rows = await db.query<QuoteRow & UserRefColumns>(
        `select q.*, ${USER_REF_COLUMNS} from block_quotes q join users u on u.id = q.user_id
          where ${where} order by q.id desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, size, (page - 1) * size],
      );
      return {
        list: rows.map((r): BlockQuoteReview => ({ ...toQuote(r, at), ...userRefOf(r), refusal: r.refusal })),
        total: count?.n ?? 0,
        page,
        size,
      };
    },
  };
}
