import { BILL_TYPES, JournalKind, type RequestOf, type ResponseOf, type Routes } from '@tradeapp/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { walletKeys, type BillFilter } from './keys';

// The bill as a statement: one event per journal (the journal's kind names it), paged by event,
// each with the net change to the wallet's available and held parts and its entries folded under it.

export type BillEvent = NonNullable<ResponseOf<Routes['walletBill']>['events']>[number];
export type BillType = (typeof BILL_TYPES)[number];

export function billEventsQuery(filter: BillFilter) {
  return infiniteQueryOptions({
    // Under the bills' key, so a money movement that refreshes the wallet refreshes these too.
    queryKey: [...walletKeys.bills(filter), 'events'] as const,
    queryFn: ({ pageParam, signal }) => {
      const input: RequestOf<Routes['walletBill']> = { page: pageParam, size: PAGE_SIZE, groupBy: 'journal' };
      if (filter.walletCode) input.walletCode = filter.walletCode;
      if (filter.type && (BILL_TYPES as readonly string[]).includes(filter.type)) input.type = filter.type as BillType;
      if (filter.from) input.from = filter.from;
      if (filter.to) input.to = filter.to;
      return call('walletBill', input, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** Trading journals hold and release margin; the rest set money aside (withdrawals, transfers) and return it. */
const MARGIN_KINDS: readonly string[] = [
  JournalKind.OrderHold,
  JournalKind.OrderRelease,
  JournalKind.OrderOpen,
  JournalKind.PositionClose,
  JournalKind.PositionMargin,
  JournalKind.PositionLiquidate,
];

/** The word for an entry on the held part: margin held or released for a trade, held or returned otherwise. */
export function heldLabel(type: string, amount: string) {
  const out = amount.startsWith('-');
  if (MARGIN_KINDS.includes(type)) return out ? ('wallet.entry.marginReleased' as const) : ('wallet.entry.marginHeld' as const);
  return out ? ('wallet.entry.heldReleased' as const) : ('wallet.entry.heldSet' as const);
}

export const isZeroAmount = (value: string) => !/[1-9]/.test(value);
