import { closedTradePnl, JOURNAL_KINDS, walletCurrency, WalletCode, type JournalKind, type Statement } from '@tradeapp/contract';
import { Dec, fixed, plain } from '../../lib/decimal';

export const money = (v: Dec | string) => fixed(v, 2);
export const WALLET_ORDER = Object.values(WalletCode);
const KIND_ORDER = new Map(JOURNAL_KINDS.map((k, i) => [k, i]));
type Event = Statement['trades'][number]['event'];

/** A wallet's part (available, held) summed before the month (`opening`) and before its end (`closing`). */
export interface PartRow {
  code: WalletCode;
  part: 'available' | 'held';
  opening: string;
  closing: string;
}
/** The month's journals of one kind that moved a wallet: how many, and the sum of its entries. */
export interface LineRow {
  code: WalletCode;
  kind: JournalKind;
  n: number;
  amount: string;
}
/** What the house's fee account took in the month's journals that moved a wallet. */
export interface FeeRow {
  code: WalletCode;
  fees: string;
}

/** The statement's wallets, in the wallets' order, from their parts, lines and fees. */
export function walletsOf(parts: PartRow[], lines: LineRow[], fees: FeeRow[]): Statement['wallets'] {
  const codes = new Set<WalletCode>([...parts.map((p) => p.code), ...lines.map((l) => l.code)]);
  return (
    [...codes]
      .sort((a, b) => WALLET_ORDER.indexOf(a) - WALLET_ORDER.indexOf(b))
      .map((code) => {
        const of = (part: 'available' | 'held', when: 'opening' | 'closing') => new Dec(parts.find((p) => p.code === code && p.part === part)?.[when] ?? 0);
        const standing = (when: 'opening' | 'closing') => {
          const available = of('available', when);
          const held = of('held', when);
          return { available: money(available), held: money(held), total: money(available.add(held)) };
        };
        const mine = lines.filter((l) => l.code === code).sort((a, b) => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!);
        const sumOf = (kind: JournalKind) => mine.filter((l) => l.kind === kind).reduce((s, l) => s.add(l.amount), new Dec(0));
        return {
          walletCode: code,
          currency: walletCurrency(code),
          opening: standing('opening'),
          closing: standing('closing'),
          lines: mine.map((l) => ({ type: l.kind, count: l.n, amount: money(l.amount) })),
          moneyIn: money(sumOf('deposit')),
          moneyOut: money(sumOf('withdrawal')),
          fees: money(fees.find((f) => f.code === code)?.fees ?? '0'),
        };
      })
      // A wallet that never held anything before the month's end has nothing to state.
      .filter((w) => w.lines.length > 0 || !new Dec(w.opening.total).isZero() || !new Dec(w.closing.total).isZero())
  );
}

/** A position open at the month's end. */
export interface OpenPositionRow {
  id: number;
  symbol: string;
  wallet_code: WalletCode;
  direction: number;
  quantity: string;
  open_price: string;
  margin: string;
  opened: Date;
}

export const positionOf = (p: OpenPositionRow): Statement['positions'][number] => ({
  positionId: p.id,
  symbol: p.symbol,
  walletCode: p.wallet_code,
  direction: p.direction,
  quantity: plain(p.quantity),
  openPrice: plain(p.open_price),
  margin: money(p.margin),
  openedTimestamp: p.opened.getTime(),
});

/** A fill or close of a position, with the fee its journal paid and, for a close, its settled row's figures. */
export interface TradeRow {
  position_id: number;
  symbol: string;
  wallet_code: WalletCode;
  direction: number;
  event: Event;
  quantity: string;
  price: string;
  realised: string | null;
  open_fee: string;
  close_fee: string | null;
  fee: string | null;
  at: Date;
}

export function tradeOf(r: TradeRow): Statement['trades'][number] {
  const pnl = r.realised === null ? null : closedTradePnl({ realised: plain(r.realised), openFee: plain(r.open_fee), closeFee: plain(r.close_fee ?? '0') });
  return {
    positionId: r.position_id,
    symbol: r.symbol,
    walletCode: r.wallet_code,
    direction: r.direction,
    event: r.event,
    quantity: plain(r.quantity),
    price: plain(r.price),
    fee: money(r.fee ?? '0'),
    gross: pnl?.gross ?? null,
    fees: pnl?.fees ?? null,
    net: pnl?.net ?? null,
    timestamp: r.at.getTime(),
  };
}
