import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal, type Quote } from '@tradeapp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatExchangeDateTime, formatPrice, formatTimeZoneName, riseFallColor } from '../../../lib/format';
import type { DepthData } from '../api';
import { useDepth } from '../useDepth';
import { TimeAndSales } from './TimeAndSales';

type Level = DepthData['bids'][number];

/** The width of a level's bar: its size as a percentage of the largest on either side (decimal strings, no float). */
function barWidth(size: string, largest: string): string {
  return mulDecimal(divDecimal(size, largest, 4), '100', 1) ?? '0';
}

function largestOf(levels: readonly Level[]): string {
  return levels.reduce((max, l) => (compareDecimal(l.size, max) === 1 ? l.size : max), '0');
}

function totalOf(levels: readonly Level[]): string {
  return levels.reduce((sum, l) => addDecimal(sum, l.size) ?? sum, '0');
}

function Side({ side, levels, largest, quote }: { side: 'bid' | 'ask'; levels: readonly Level[]; largest: string; quote: Quote }) {
  const { t } = useTranslation();
  // Bids rest on the buying side, asks on the selling side: the app's rise and fall tints (red-up or green-up).
  const tint = side === 'bid' ? 'var(--mm-rise-tint)' : 'var(--mm-fall-tint)';
  const towards = side === 'bid' ? 'to left' : 'to right';
  return (
    <ol className={`depth-side depth-${side}`} aria-label={t(`depth.${side}`)} data-testid={`depth-${side}s`}>
      {levels.map((level, i) => {
        const width = barWidth(level.size, largest);
        const price = formatPrice(level.price, quote.tickSize);
        const size = formatCompact(level.size);
        return (
          <li
            key={level.price}
            className="depth-level"
            style={{ background: `linear-gradient(${towards}, ${tint} ${width}%, transparent ${width}%)` }}
            aria-label={t(side === 'bid' ? 'depth.bidLevel' : 'depth.askLevel', { level: i + 1, price, size })}
            data-testid={`depth-${side}-level`}
            data-price={level.price}
            data-size={level.size}
          >
            <span className="depth-n" aria-hidden="true">
              {i + 1}
            </span>
            <span className="depth-price" style={{ color: riseFallColor(subDecimal(level.price, quote.preClose)) }} aria-hidden="true">
              {price}
            </span>
            <span className="depth-size" aria-hidden="true">
              {size}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The ten-level book: bids on the left (best at the top), asks on the right, each level's size as a bar. */
export function DepthBook({ depth, quote }: { depth: DepthData; quote: Quote }) {
  const { t } = useTranslation();
  if (depth.bids.length === 0 && depth.asks.length === 0) {
    return (
      <p className="depth-empty" data-testid="depth-empty">
        {t('depth.noBook')}
      </p>
    );
  }
  const largest = largestOf([...depth.bids, ...depth.asks]);
  return (
    <>
      <div className="depth-head" aria-hidden="true">
        <span>{t('depth.bid')}</span>
        <span>{t('depth.ask')}</span>
      </div>
      <div className="depth-book" data-testid="depth-book">
        <Side side="bid" levels={depth.bids} largest={largest} quote={quote} />
        <Side side="ask" levels={depth.asks} largest={largest} quote={quote} />
      </div>
      <p className="depth-totals" data-testid="depth-totals">
        {t('depth.totals', { bids: formatCompact(totalOf(depth.bids)), asks: formatCompact(totalOf(depth.asks)) })}
      </p>
    </>
  );
}

/** The quote page's depth card: the simulated book or its time and sales, refreshed with the live quote. */
export function MarketDepth({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'book' | 'trades'>('book');
  const depth = useDepth(quote);
  const data = depth.data;
  return (
    <section className="card card-pad quote-depth" data-testid="quote-depth" aria-busy={depth.isPending}>
      <h2 className="quote-section-title">{t('depth.title')}</h2>
      <div className="range-tabs depth-tabs" role="tablist" aria-label={t('depth.tabsLabel')}>
        {(['book', 'trades'] as const).map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            aria-selected={tab === item}
            className={tab === item ? 'range-tab active' : 'range-tab'}
            data-testid={`depth-tab-${item}`}
            onClick={() => setTab(item)}
          >
            {t(`depth.tabs.${item}`)}
          </button>
        ))}
      </div>
      {depth.isPending ? (
        <div data-testid="depth-loading">
          <span className="sk sk-line" />
          <span className="sk sk-line" />
          <span className="sk sk-line" />
        </div>
      ) : !data ? (
        <button type="button" className="link" data-testid="depth-failed" onClick={() => void depth.refetch()}>
          {t('depth.failed')} · {t('common.retry')}
        </button>
      ) : (
        <>
          {!data.tradable && (
            <p className="depth-closed" data-testid="depth-closed">
              {t('depth.closed')}
            </p>
          )}
          {tab === 'book' ? <DepthBook depth={data} quote={quote} /> : <TimeAndSales depth={data} quote={quote} />}
          <p className="depth-note" data-testid="depth-note">
            {t('depth.asOf', { time: formatExchangeDateTime(data.timestamp, data.timeZone), zone: formatTimeZoneName(data.timeZone) })} · {t('depth.note')}
          </p>
        </>
      )}
    </section>
  );
}
