import type { Quote } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChange, formatPercent, formatPrice, riseFallColor } from '../../lib/format';

// Pieces of the order form: a two-way toggle, a figure line, the instrument's head and its bid and ask.

export function Toggle<T extends number>({ value, options, onChange, testPrefix }: { value: T; options: Array<{ value: T; label: string; key: string; tone?: string }>; onChange: (v: T) => void; testPrefix: string }) {
  return (
    <div className="order-toggle" role="radiogroup">
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          className={`order-toggle-item${value === o.value ? ` active${o.tone ? ` ${o.tone}` : ''}` : ''}`}
          data-testid={`${testPrefix}-${o.key}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export function Line({ label, children, testId, strong }: { label: string; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'estimate-line strong' : 'estimate-line'}>
      <span>{label}</span>
      <span data-testid={testId}>{children}</span>
    </div>
  );
}

export function InstrumentHead({ quote }: { quote: Quote }) {
  const color = riseFallColor(quote.change);
  return (
    <section className="order-head" data-testid="order-head">
      <div className="order-head-row">
        <div>
          <div className="order-name" data-testid="order-name">
            {quote.name}
          </div>
          <div className="order-code">
            {quote.stock_code} · {quote.marketType} · {quote.currency}
          </div>
        </div>
        <div className="order-last">
          <span key={quote.price_nominal} className="flash" style={{ color }} data-testid="order-last" data-price={quote.price_nominal}>
            {formatPrice(quote.price_nominal, quote.tickSize)}
          </span>
          <small style={{ color }}>
            {formatChange(quote.change, quote.tickSize)} {formatPercent(quote.change_ratio)}
          </small>
        </div>
      </div>
      <OrderBook quote={quote} />
    </section>
  );
}

/** The best bid and ask: a sell fills at the one, a buy at the other. */
export function OrderBook({ quote }: { quote: Pick<Quote, 'bid' | 'ask' | 'tickSize'> }) {
  const { t } = useTranslation();
  return (
    <div className="order-book">
      <div className="order-bid">
        <span>{t('trading.order.bid')}</span>
        <strong data-testid="order-bid">{formatPrice(quote.bid, quote.tickSize)}</strong>
      </div>
      <div className="order-ask">
        <span>{t('trading.order.ask')}</span>
        <strong data-testid="order-ask">{formatPrice(quote.ask, quote.tickSize)}</strong>
      </div>
    </div>
  );
}
