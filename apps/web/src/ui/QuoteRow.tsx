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
  /** Exchange or market tag shown beside the code when there is room. */
  tag?: string | undefined;
  /** The currency the price is in: USD, HKD, EUR ... */
  currency?: string | undefined;
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
  /** The volume under the mini chart (the middle column). */
  showVolume?: boolean;
  volumeLabel?: string;
  /** The row's currency under its price: for lists that mix currencies (else the header names it). */
  showCurrency?: boolean;
  /** The row's market tag beside its code: for lists that mix markets (a list of one market says it in its tab). */
  showTag?: boolean;
  /** Whether the row has the middle column; by default when it has a mini chart or shows volume. A list with a header passes the same for every row. */
  mid?: boolean;
  onOpen: (href: string) => void;
}

/**
 * A code's size class: a code is always shown in full, so a long one (a Mexican series, a crypto
 * pair) is set smaller rather than cut.
 */
function tickerSize(code: string): string {
  if (code.length > 9) return ' xs';
  if (code.length > 7) return ' s';
  return '';
}

/** Whether a row has the middle column (mini chart, volume): a list passes the same for every row. */
const hasMid = (row: QuoteRowData, showVolume: boolean | undefined) => row.spark !== undefined || !!showVolume;

/**
 * One instrument in a list, on the columns of `QuoteListHead`: the code in full over the name, the
 * mini chart over the volume, the price (over its currency in mixed lists), the change % in
 * rise/fall colour.
 */
export const QuoteRow = memo(function QuoteRow({
  row,
  testId = 'quote-row',
  extra,
  showVolume,
  volumeLabel,
  showCurrency,
  showTag = true,
  mid = hasMid(row, showVolume),
  onOpen,
}: QuoteRowProps) {
  const color = riseFallColor(row.change);
  return (
    <div className={mid ? 'quote-row' : 'quote-row no-mid'} data-testid={testId} data-symbol={row.symbol}>
      <button type="button" className="quote-row-main" onClick={() => onOpen(row.href)}>
        <span className="quote-row-name" data-col="name">
          <span className="quote-row-symbol">
            <span className={`quote-row-ticker${tickerSize(row.code)}`} data-testid={`${testId}-ticker`}>
              {row.code}
            </span>
            {showTag && row.tag ? <span className="quote-row-tag">{row.tag}</span> : null}
          </span>
          <span className="quote-row-desc">{row.name}</span>
        </span>
        {mid ? (
          <span className="quote-row-spark" data-col="mid">
            {row.spark !== undefined ? <Sparkline values={row.spark} color={color} width={56} height={showVolume ? 18 : 24} /> : null}
            {showVolume && row.volume !== undefined ? (
              <span className="quote-row-volume">
                <span className="sr-only">{volumeLabel} </span>
                {formatCompact(row.volume)}
              </span>
            ) : null}
          </span>
        ) : null}
        <span className="quote-row-price" data-col="price">
          <span className="quote-row-last" data-testid={`${testId}-price`}>
            {formatPrice(row.price, row.tickSize)}
          </span>
          {showCurrency && row.currency ? (
            <span className="quote-row-currency" data-testid={`${testId}-currency`}>
              {row.currency}
            </span>
          ) : null}
        </span>
        <span className="quote-row-change" data-col="change" style={{ color }} data-testid={`${testId}-change`}>
          {formatPercent(row.changeRatio)}
        </span>
      </button>
      {extra}
    </div>
  );
});

interface QuoteListHeadProps {
  name: ReactNode;
  /** Over the middle column (mini chart, volume); leave out for rows without one. */
  mid?: ReactNode;
  price: ReactNode;
  change: ReactNode;
  role?: 'toolbar';
  'aria-label'?: string;
  testId?: string;
}

/** The column headers of a quote list, on the rows' own columns: each ends where its column ends. */
export function QuoteListHead({ name, mid, price, change, role, 'aria-label': label, testId = 'quote-list-head' }: QuoteListHeadProps) {
  return (
    <div className={mid === undefined ? 'quote-list-head no-mid' : 'quote-list-head'} role={role} aria-label={label} data-testid={testId}>
      <span className="quote-list-head-cell name" data-col="name">
        {name}
      </span>
      {mid === undefined ? null : (
        <span className="quote-list-head-cell" data-col="mid">
          {mid}
        </span>
      )}
      <span className="quote-list-head-cell" data-col="price">
        {price}
      </span>
      <span className="quote-list-head-cell" data-col="change">
        {change}
      </span>
    </div>
  );
}

/** The currency of every price of a list, beside its price header (a small tag). */
export function ListCurrency({ code }: { code: string | null | undefined }) {
  return code ? (
    <span className="quote-list-head-currency" data-testid="list-currency">
      {code}
    </span>
  ) : null;
}

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
