import { subDecimal, type Quote } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatExchangeDateTime, formatPrice, riseFallColor } from '../../../lib/format';
import type { DepthData } from '../api';

/** The time of day of an instant on the exchange's clock, to the second, in the language's form (its date-time without the date). */
function timeOfDay(at: number, timeZone: string): string {
  return formatExchangeDateTime(at, timeZone).split(' ').slice(1).join(' ');
}

/**
 * The last trade prints, newest first: time on the exchange's clock, price coloured up or down
 * against the print before it, size, and whether a buyer or a seller started it (the app's
 * rise and fall colours, as the large orders show them).
 */
export function TimeAndSales({ depth, quote }: { depth: DepthData; quote: Quote }) {
  const { t } = useTranslation();
  if (depth.trades.length === 0) {
    return (
      <p className="depth-empty" data-testid="tape-empty">
        {t('depth.noTrades')}
      </p>
    );
  }
  return (
    <table className="tape" data-testid="tape">
      <thead>
        <tr>
          <th scope="col">{t('depth.time')}</th>
          <th scope="col">{t('depth.price')}</th>
          <th scope="col">{t('depth.size')}</th>
          <th scope="col">{t('depth.side')}</th>
        </tr>
      </thead>
      <tbody>
        {depth.trades.map((p, i) => {
          const older = depth.trades[i + 1];
          return (
            <tr key={p.time} data-testid="tape-print" data-side={p.side} data-price={p.price} data-size={p.size}>
              <td className="tape-time">{timeOfDay(p.time, depth.timeZone)}</td>
              <td style={{ color: riseFallColor(older ? subDecimal(p.price, older.price) : null) }}>{formatPrice(p.price, quote.tickSize)}</td>
              <td>{formatCompact(p.size)}</td>
              <td style={{ color: riseFallColor(p.side === 'buy' ? '1' : '-1') }}>{p.side === 'buy' ? t('depth.buy') : t('depth.sell')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
