import { Dec } from '../../lib/decimal';
import { addTo, money, rowOfJournal, ZERO, type ByCurrency } from './amounts';
import type { LedgerRow } from './reads';
import { moneyWeighted, timeWeighted, type ValuedDay } from './returns';
import type { Valuation } from './valuation';

/**
 * The period walked day by day: each day's value and flow, and its change not due to a flow taken
 * apart by row (`pnlRows`, in euros, unrounded; `touched`, every row held or moved); then the
 * period's figures. `netAssetsNow` is the live day's value.
 */
export function walkDays(
  valuation: Valuation,
  ledger: LedgerRow[],
  period: { fromDay: string; dayList: string[]; live: boolean; instants: number[] },
  netAssetsNow: string,
) {
  const { rateOf, floatingAt, offLedgerOf, totalByCurrency, valueOf } = valuation;
  const { fromDay, dayList, live, instants } = period;
  const balance: ByCurrency = new Map();
  let li = 0;
  // Everything before the period: the start value's balances.
  while (li < ledger.length && ledger[li]!.day < fromDay) addTo(balance, ledger[li]!.currency, ledger[li++]!.amount);
  let floating = floatingAt(0);
  let off = offLedgerOf(0);
  let amounts = totalByCurrency(balance, floating, off);
  const startValue = valueOf(amounts, 0);

  /** Each row's P&L in euros, unrounded: `i:SYMBOL` an instrument's, `p:product` the others'. */
  const pnlRows = new Map<string, Dec>();
  const touched = new Set<string>();
  const credit = (row: string, v: Dec) => pnlRows.set(row, (pnlRows.get(row) ?? ZERO).add(v));
  for (const k of [...floating.keys(), ...off.keys()]) touched.add(k);

  const valued: Array<ValuedDay & { day: string }> = [];
  dayList.forEach((day, d) => {
    const i = d + 1;
    const last = live && i === instants.length - 1;
    // What a currency held at the previous instant gained or lost by the rate's change since.
    for (const [c, v] of amounts) if (c !== 'EUR') credit('p:fx', v.mul(rateOf(c, i).sub(rateOf(c, i - 1))));
    const flows: ByCurrency = new Map();
    while (li < ledger.length && ledger[li]!.day === day) {
      const r = ledger[li++]!;
      addTo(balance, r.currency, r.amount);
      if (r.flow) addTo(flows, r.currency, r.amount);
      else if (!new Dec(r.amount).isZero()) {
        const row = rowOfJournal(r.kind, r.symbol, r.fund_kind);
        credit(row, new Dec(r.amount).mul(rateOf(r.currency, i)));
        touched.add(row);
      }
    }
    const nextFloating = floatingAt(i);
    const nextOff = offLedgerOf(i);
    // The change of each instrument's floating profit and each product's off-ledger value, at the day's rate.
    for (const [before, after] of [
      [floating, nextFloating],
      [off, nextOff],
    ] as const) {
      for (const row of new Set([...before.keys(), ...after.keys()])) {
        touched.add(row);
        const b = before.get(row) ?? new Map<string, Dec>();
        const a = after.get(row) ?? new Map<string, Dec>();
        for (const c of new Set([...b.keys(), ...a.keys()])) credit(row, (a.get(c) ?? ZERO).sub(b.get(c) ?? ZERO).mul(rateOf(c, i)));
      }
    }
    floating = nextFloating;
    off = nextOff;
    amounts = totalByCurrency(balance, floating, off);
    let flow = ZERO;
    for (const [c, f] of flows) flow = flow.add(f.mul(rateOf(c, i)));
    valued.push({ day, value: last ? new Dec(netAssetsNow) : valueOf(amounts, i), flow: new Dec(money(flow)) });
  });

  let previous = startValue;
  const days = valued.map((d) => {
    const pnl = d.value.sub(previous).sub(d.flow);
    previous = d.value;
    return { day: d.day, value: money(d.value), flow: money(d.flow), pnl: money(pnl) };
  });
  const endValue = valued.at(-1)?.value ?? startValue;
  const netFlow = valued.reduce((s, d) => s.add(d.flow), ZERO);
  const pnl = endValue.sub(startValue).sub(netFlow);
  const twr = timeWeighted(startValue, valued);
  const mwr = moneyWeighted(startValue, valued);
  return { startValue, days, endValue, netFlow, pnl, twr, mwr, pnlRows, touched };
}
