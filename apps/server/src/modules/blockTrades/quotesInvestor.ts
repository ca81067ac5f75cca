import {
  BLOCK_BAND_PERCENT,
  BLOCK_QUOTE_TTL_SECONDS,
  blockBandOf,
  blockQuoteOf,
  blockReferenceOf,
  BlockQuoteStatus,
  isBlockQuantity,
  LARGE_ORDER_SHARES,
  inBusinessHours,
  leverageCapFor,
  MarketSource,
  nextBusinessTime,
  nextTimeParams,
  regularSegments,
  localDay,
  VENUES,
  walletCurrency,
  walletFor,
  type BlockTerms,
  type Locale,
  type QuoteRow as ListRow,
} from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import type { MarketService } from '../market';
import { createPricing, onGrid, availableBalance, RULES } from '../trading';
import { requireActiveBlockTrader } from './activation';
import { isBlockStock, placesOf, priceText, type QuoteContext, type QuoteRow } from './quotesView';

export interface BlockQuoteInput {
  stockCode: string;
  direction: number;
  quantity: string;
  leverage: number;
}

/** The investor's calls: the block list, a quote requested, a quote accepted, their quotes. */
export function createQuotesInvestor(ctx: QuoteContext) {
  const { db, market, trading, now, statusAt, toQuote } = ctx;
  const pricing = createPricing(ctx.exchangeRates);
  const rule = RULES.stock!;

  /**
   * Refuses a block outside the desk's hours: the regular session of a trading day on the stock's
   * calendar (never the pre-market or after-hours, whose books are too thin for a block), naming
   * when it opens again on the exchange's clock in the caller's words; and while the market is
   * shut inside them (a halt), with the market's own refusal.
   */
  function requireDeskOpen(i: Instrument, at: number, locale: Locale) {
    // Block stocks are all on the United States list (`isBlockStock`), so the US clock names the time.
    if (!inBusinessHours(i.calendar, at)) throw new AppError('e.blockHours', undefined, nextTimeParams(locale, 'US', nextBusinessTime(i.calendar, at)));
    if (!market.sessionAt(i.symbol, at).tradable) throw market.closedError(i.symbol, at);
  }

  /** The end of the regular session `at` falls in: a quote stands no longer than the desk's hours. */
  function sessionEnd(i: Instrument, at: number): number {
    const today = localDay(VENUES[i.calendar].timeZone, at);
    return regularSegments(i.calendar, today).find((s) => s.start <= at && at < s.end)?.end ?? at;
  }

  /** A stock of the block list, or the refusal naming the field. */
  function blockStock(stockCode: string): Instrument {
    const refused = new AppError('e.blockStock', { stockCode: 'e.blockStock' });
    let i: Instrument;
    try {
      i = market.resolve(stockCode);
    } catch {
      throw refused;
    }
    if (!isBlockStock(i)) throw refused;
    return i;
  }

  /** What a block-list row is quoted on now: the live mid and the band around it. */
  function termsOf(q: ListRow): BlockTerms {
    const reference = blockReferenceOf(q);
    const band = blockBandOf(reference, q.tickSize);
    const dp = placesOf(q.tickSize);
    return { referencePrice: priceText(reference, dp), bandLow: fixed(band.low, dp), bandHigh: fixed(band.high, dp) };
  }

  return {
    /** `/m_ft/block_list`: the block-list stocks as quote rows, each with the terms a block is quoted on now. */
    async blockList(query: Parameters<MarketService['list']>[1], callerId: number | null) {
      const page = await market.list(isBlockStock, query, callerId, { source: MarketSource.BlockTrade, defaultSort: 'marketCap' });
      return {
        ...page,
        // Whether a stock can be quoted is the desk's say, on the desk's clock.
        list: page.list.map((q) => {
          const session = market.sessionAt(q.symbol, now());
          return { ...q, marketStatus: session.phase, tradable: session.tradable, nextOpenTimestamp: market.nextOpen(q.symbol, session), block: termsOf(q) };
        }),
        bandPercent: BLOCK_BAND_PERCENT,
        minQuantity: String(LARGE_ORDER_SHARES),
        quoteSeconds: BLOCK_QUOTE_TTL_SECONDS,
      };
    },

    /**
     * `/blockTrade/create`: the house's quote for a block. Refused, with nothing written, for anyone
     * but an active block trader, a stock off the block list, a leverage the stock rule does not
     * offer (or above the retail cap without the risk acknowledged, as `/stock/create` refuses it), a
     * quantity below LARGE_ORDER_SHARES or off the lot grid, a closed market. A quote the wallet
     * cannot pay is recorded as refused (the back office sees the demand) and answered "Insufficient balance".
     */
    async request(userId: number, input: BlockQuoteInput, idempotencyKey: string | undefined, locale: Locale = 'en') {
      await requireActiveBlockTrader(db, userId);
      const i = blockStock(input.stockCode);
      if (!rule.leverages.includes(input.leverage)) throw new AppError('e.leverageNotAllowed', { leverage: 'e.leverageNotAllowed' });
      const quantity = new Dec(input.quantity);
      if (!isBlockQuantity(input.quantity) || !onGrid(quantity, i.lotSize)) {
        throw new AppError('e.blockQuantity', { quantity: 'e.blockQuantity' }, { min: LARGE_ORDER_SHARES, lot: i.lotSize });
      }
      const cap = leverageCapFor(i);
      if (input.leverage > cap && !(await trading.leverageRisk(userId)).acknowledged) {
        throw new AppError('e.leverageRiskUnacknowledged', { leverage: 'e.leverageRiskUnacknowledged' }, { cap });
      }
      const s = market.snapshot(i.symbol);
      requireDeskOpen(i, now(), locale);

      const f = blockQuoteOf({ bid: s.bid, ask: s.ask, tickSize: i.tickSize, direction: input.direction, quantity: quantity.toFixed() });
      const price = new Dec(f.price);
      const { margin, fee, rate } = pricing.costs(i, rule, input.direction, price, quantity, input.leverage);
      const code = walletFor(i);
      const at = now();
      const row = await db.tx(async (sql: Sql) => {
        const available = new Dec((await availableBalance(sql, userId, code, walletCurrency(code))) ?? 0);
        const refused = available.lt(margin.add(fee));
        const [r] = await sql.query<QuoteRow>(
          `insert into block_quotes (user_id, symbol, wallet_code, wallet_currency, currency, direction, quantity, leverage, reference_price, band_low, band_high,
                                     spread, price, margin, fee, rate, status, refusal, created_at, expires_at, idempotency_key)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) returning *`,
          [
            userId,
            i.symbol,
            code,
            walletCurrency(code),
            i.currency,
            input.direction,
            quantity.toFixed(),
            input.leverage,
            f.reference,
            f.bandLow,
            f.bandHigh,
            f.spread,
            price.toFixed(),
            margin.toFixed(),
            fee.toFixed(),
            rate,
            refused ? BlockQuoteStatus.Refused : BlockQuoteStatus.Quoted,
            refused ? 'e.insufficientFunds' : null,
            new Date(at),
            new Date(Math.min(at + BLOCK_QUOTE_TTL_SECONDS * 1000, sessionEnd(i, at))),
            idempotencyKey ?? null,
          ],
        );
        return r!;
      });
      if (row.status === BlockQuoteStatus.Refused) throw new AppError('e.insufficientFunds');
      return toQuote(row, at);
    },

    /**
     * `/blockTrade/accept`: the caller's live quote executes at its price, margin, fee and rate, as
     * a position of source 4 opened by trading's order path (journal, history, fill notice). An
     * expired or accepted quote is refused and the transaction writes nothing; another investor's
     * quote does not exist for the caller. The quote's row lock makes a second accept wait and find
     * it accepted; the activation's shared lock makes an operator's revocation wait for this accept
     * (or this accept find block trading closed).
     */
    async accept(userId: number, id: number, idempotencyKey: string | undefined, locale: Locale = 'en') {
      const at = now();
      const done = await db.tx(async (sql) => {
        await requireActiveBlockTrader(sql, userId, true);
        const [r] = await sql.query<QuoteRow>('select * from block_quotes where id = $1 and user_id = $2 for update', [id, userId]);
        if (!r) throw notFound();
        if (r.status === BlockQuoteStatus.Accepted) throw new AppError('e.blockQuoteUsed');
        if (statusAt(r, at) !== BlockQuoteStatus.Quoted) throw new AppError('e.blockQuoteExpired');
        const i = market.resolve(r.symbol);
        requireDeskOpen(i, at, locale);
        const placed = await trading.openAt(sql, userId, {
          i,
          direction: r.direction,
          price: new Dec(r.price),
          quantity: new Dec(r.quantity),
          leverage: r.leverage,
          margin: new Dec(r.margin),
          fee: new Dec(r.fee),
          rate: new Dec(r.rate).toFixed(),
          source: MarketSource.BlockTrade,
          idempotencyKey: idempotencyKey ?? null,
        });
        const [accepted] = await sql.query<QuoteRow>('update block_quotes set status = $2, accepted_at = $3, position_id = $4 where id = $1 returning *', [
          r.id,
          BlockQuoteStatus.Accepted,
          new Date(at),
          placed.row.id,
        ]);
        return { quote: accepted!, placed };
      });
      done.placed.push();
      ctx.watch?.(done.quote.symbol);
      return { quote: toQuote(done.quote, at), position: trading.toPosition(done.placed.row) };
    },

    /** The caller's quotes, newest first. */
    async mine(userId: number, page: number, size: number) {
      const at = now();
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from block_quotes where user_id = $1', [userId]);
      const rows = await db.query<QuoteRow>('select * from block_quotes where user_id = $1 order by id desc limit $2 offset $3', [
        userId,
        size,
        (page - 1) * size,
      ]);
      return { list: rows.map((r) => toQuote(r, at)), total: count?.n ?? 0, page, size };
    },
  };
}
