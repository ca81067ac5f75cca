import './quotes.css';
import { memo, type ReactNode } from 'react';
import { formatCompact, formatPercent, formatPrice, riseFallColor } from '../lib/format';
import { Sparkline } from './Sparkline';

/** The figures a quote row shows; quote rows and watchlist rows both map onto it. */
export interface QuoteRowData {
  symbol: string;
  /** Where a tap leads (the quote page). */
  href: string;
  name: string;
  code: string;
  /** Exchange or market tag shown beside the code. */
  tag?: string | undefined;
  price: string;
  change: string;
  changeRatio: string;
  volume?: string | undefined;
  tickSize?: string | undefined;
  spark?: readonly string[] | undefined;
}

interface QuoteRowProps {
  row: QuoteRowData;
  testId?: string;
  /** Shown after the figures, e.g. a star. */
  extra?: ReactNode;
  showVolume?: boolean;
  volumeLabel?: string;
  onOpen: (href: string) => void;
}

/** One instrument in a list: name and code, mini chart, price and change % in rise/fall colour. */
export const QuoteRow = memo(function QuoteRow({ row, testId = 'quote-row', extra, showVolume, volumeLabel, onOpen }: QuoteRowProps) {
  const color = riseFallColor(row.change);
  return (
    <div className={row.spark && row.spark.length > 1 ? 'quote-row' : 'quote-row no-spark'} data-testid={testId} data-symbol={row.symbol}>
      <button type="button" className="quote-row-main" onClick={() => onOpen(row.href)}>
        <span className="quote-row-name">
          <span className="quote-row-title">{row.name}</span>
          <span className="quote-row-code">
            {row.code}
            {row.tag ? <span className="quote-row-tag">{row.tag}</span> : null}
          </span>
        </span>
        {row.spark && row.spark.length > 1 ? (
          <span className="quote-row-spark">
            <Sparkline values={row.spark} color={color} width={56} />
          </span>
        ) : null}
        <span className="quote-row-price">
          <span className="quote-row-last" data-testid={`${testId}-price`}>
            {formatPrice(row.price, row.tickSize)}
          </span>
          {showVolume && row.volume !== undefined ? (
            <span className="quote-row-volume">
              {volumeLabel} {formatCompact(row.volume)}
            </span>
          ) : null}
        </span>
        <span className="quote-row-change" style={{ color }} data-testid={`${testId}-change`}>
          {formatPercent(row.changeRatio)}
        </span>
      </button>
      {extra}
    </div>
  );
});

/** Grey placeholder rows while a list loads. */
export function QuoteRowSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="quote-skeleton" aria-busy="true" data-testid="list-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="quote-row skeleton-row">
          <span className="sk sk-name" />
          <span className="sk sk-spark" />
          <span className="sk sk-price" />
          <span className="sk sk-change" />
        </div>
      ))}
    </div>
  );
}
