import { orderCallFor, type Quote } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { formatDateMinute, formatTimeZoneName } from '../../../lib/format';

type Instrument = Pick<Quote, 'assetClass' | 'market' | 'tradable' | 'timeZone' | 'nextOpenTimestamp'>;

/**
 * What a quote or order page says when its instrument cannot be ordered here now: indices have no
 * order call (the contract's `orderCallFor`), bonds are bought on their own order page, and a closed
 * market names its next open in the viewer's time and the exchange's. Nothing when the instrument
 * trades now.
 */
export function TradingNote({ quote, testId = 'trading-note' }: { quote: Instrument; testId?: string }) {
  const { t } = useTranslation();
  if (orderCallFor(quote) === null) {
    const bond = quote.assetClass === 'bond';
    return (
      <section className="card card-pad trading-note" data-testid={testId} data-kind={bond ? 'bond' : 'index'}>
        <strong>{bond ? t('bonds.quoteNote.title') : t('marketHours.indexTitle')}</strong>
        <p>{bond ? t('bonds.quoteNote.body') : t('marketHours.indexBody')}</p>
      </section>
    );
  }
  if (quote.tradable) return null;
  const opens = quote.nextOpenTimestamp;
  return (
    <section className="card card-pad trading-note closed" data-testid={testId} data-kind="closed" data-next-open={opens ?? undefined}>
      <strong>{t('marketHours.closedTitle')}</strong>
      {opens !== null && (
        <p className="trading-note-open" data-testid={`${testId}-opens`}>
          {t('marketHours.opensAt', { local: formatDateMinute(opens) })}
          <br />
          <span data-testid={`${testId}-exchange-time`}>
            {t('marketHours.opensAtExchange', { exchange: formatDateMinute(opens, quote.timeZone), zone: formatTimeZoneName(quote.timeZone) })}
          </span>
        </p>
      )}
      <p>{t('marketHours.closedBody')}</p>
    </section>
  );
}
