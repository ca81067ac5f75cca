import {
  BlockQuoteStatus,
  BLOCK_BAND_PERCENT,
  blockDifferenceOf,
  totalAmountOf,
  type BlockQuote,
  type OrderDirection,
  type WalletCode,
} from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import type { MarketService } from '../market';
import type { TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';

/** The stocks open to block trading: the large listed US stocks (NASDAQ and NYSE; not AMEX), where 10,000 shares is NYSE's block. */
export const isBlockStock = (i: Instrument) => i.market === 'US' && i.assetClass === 'stock' && i.exchange !== 'AMEX';

export interface QuoteRow {
  id: number;
  user_id: number;
  symbol: string;
  wallet_code: WalletCode;
  wallet_currency: string;
  currency: string;
  direction: number;
  quantity: string;
  leverage: number;
  reference_price: string;
  band_low: string;
  band_high: string;
  spread: string;
  price: string;
  margin: string;
  fee: string;
  rate: string;
  status: BlockQuoteStatus;
  refusal: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  position_id: number | null;
}

export const placesOf = (tick: string) => (tick.includes('.') ? tick.split('.')[1]!.length : 0);
/** A price to the tick's places; a mid between two ticks keeps its extra place rather than be rounded onto one. */
export const priceText = (value: string, dp: number) => {
  const v = new Dec(value);
  return v.decimalPlaces() <= dp ? v.toFixed(dp) : v.toFixed();
};

export interface BlockQuoteOptions {
  db: Db;
  market: MarketService;
  exchangeRates: ExchangeRates;
  trading: TradingService;
  /** The desk's clock: when a quote was made and until when it stands (tests move it). */
  now?: () => number;
  /** Trading's trigger engine: a block position is watched for liquidation like any other. */
  watch?: (symbol: string) => void;
}

/** What the desk's calls and the back office's share, built once per service: the options, the desk's clock and a quote as the contract shows it. */
export function createQuoteContext(opts: BlockQuoteOptions) {
  const { market } = opts;
  const now = opts.now ?? Date.now;

  /** A quoted row reads as expired from its expiry on; nothing is written when it passes. */
  const statusAt = (r: QuoteRow, at: number): BlockQuoteStatus =>
    r.status === BlockQuoteStatus.Quoted && at >= r.expires_at.getTime() ? BlockQuoteStatus.Expired : r.status;

  function toQuote(r: QuoteRow, at: number): BlockQuote {
    const i = market.resolve(r.symbol);
    const dp = placesOf(i.tickSize);
    const price = new Dec(r.price).toFixed();
    const reference = new Dec(r.reference_price).toFixed();
    const { difference, differencePercent } = blockDifferenceOf(price, reference);
    return {
      id: r.id,
      symbol: i.symbol,
      stockCode: i.code,
      stockName: i.name,
      market: i.market,
      currency: r.currency,
      tickSize: i.tickSize,
      walletCode: r.wallet_code,
      walletCurrency: r.wallet_currency,
      direction: r.direction as OrderDirection,
      quantity: new Dec(r.quantity).toFixed(),
      leverage: r.leverage,
      referencePrice: priceText(reference, dp),
      spread: new Dec(r.spread).toFixed(),
      price: fixed(price, dp),
      bandPercent: BLOCK_BAND_PERCENT,
      bandLow: fixed(r.band_low, dp),
      bandHigh: fixed(r.band_high, dp),
      difference: priceText(difference, dp),
      differencePercent,
      notional: totalAmountOf(price, r.quantity),
      margin: fixed(r.margin, 2),
      fee: fixed(r.fee, 2),
      total: fixed(new Dec(r.margin).add(r.fee), 2),
      status: statusAt(r, at),
      createTimeTimestamp: r.created_at.getTime(),
      expiresAtTimestamp: r.expires_at.getTime(),
      acceptTimeTimestamp: r.accepted_at?.getTime() ?? null,
      positionId: r.position_id,
      timestamp: at,
    };
  }

  return { ...opts, now, statusAt, toQuote };
}

export type QuoteContext = ReturnType<typeof createQuoteContext>;
