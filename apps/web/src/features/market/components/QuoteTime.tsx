import type { Quote } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { formatDateMinute, formatExchangeDateTime, formatTimeZoneName } from '../../../lib/format';

/**
 * When the quote's price was made, on the exchange's clock and named by its zone. While the market
 * trades that is now, to the second; while it does not (closed, or Hong Kong's pre-open auction),
 * the quote is its last trade's (the server stamps it so), and the line says so: as of when.
 */
export function QuoteTime({ quote }: { quote: Pick<Quote, 'timestamp' | 'timeZone' | 'tradable' | 'currency'> }) {
  const { t } = useTranslation();
  const zone = formatTimeZoneName(quote.timeZone);
  return (
    <div className="quote-time" data-testid="quote-time" data-time-zone={quote.timeZone} data-closed={!quote.tradable || undefined}>
      {quote.tradable
        ? t('quote.asOf', { time: formatExchangeDateTime(quote.timestamp, quote.timeZone), zone })
        : t('quote.closedAsOf', { time: formatDateMinute(quote.timestamp, quote.timeZone), zone })}{' '}
      · {quote.currency}
    </div>
  );
}
