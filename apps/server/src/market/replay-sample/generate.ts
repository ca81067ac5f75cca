// Writes the bundled replay sample from the simulated market (run once: `npx tsx generate.ts`).
// Kept so the sample can be regenerated; the replay provider itself never runs this.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSimulatedMarket } from '../simulated';
import type { KlineInterval } from '../types';
import { UNIVERSE } from '../universe';

const dir = fileURLToPath(new URL('.', import.meta.url));
const end = Date.parse('2026-11-20T21:00:00Z');
const market = createSimulatedMarket({ seed: 'replay-sample', now: () => end });

function write(symbol: string, interval: KlineInterval, from: number, rows: number): void {
  const candles = market.candles(symbol, interval, from, end).slice(0, rows);
  const lines = ['time,open,high,low,close,volume', ...candles.map((c) => `${new Date(c.time).toISOString()},${c.open},${c.high},${c.low},${c.close},${c.volume}`)];
  writeFileSync(`${dir}/${symbol}.csv`, `${lines.join('\n')}\n`);
}

write('AAPL', '1m', Date.parse('2026-11-20T14:30:00Z'), 390);
write('BTCUSDT', '1m', Date.parse('2026-11-20T12:00:00Z'), 300);
write('EURUSD', '5m', Date.parse('2026-11-20T00:00:00Z'), 240);
// EURUSD is left out on purpose: its metadata comes from the universe.
const declared = UNIVERSE.filter((i) => i.symbol === 'AAPL' || i.symbol === 'BTCUSDT');
writeFileSync(`${dir}/instruments.json`, `${JSON.stringify(declared, null, 2)}\n`);
