import '../../ui/money.css';
import './trading.css';
import { orderCallFor, OrderDirection } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { useLiveQuote } from '../../api/liveQuote';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { isCrypto, quoteQuery, TradingNote } from '../market';
import { minCountQuery, tradingRulesQuery } from './api';
import { OrderTicket } from './OrderForm';
import { InstrumentHead } from './orderParts';

/**
 * /pages/payment/stock | future | forex (query: name, code, source, direction, market, symbol): the
 * order form on a page of its own, for links into it. The quote page shows the same form in a bottom
 * sheet over the quote.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbolParam = params.get('symbol')?.trim() || null;
  const code = params.get('code')?.trim() || null;
  const crypto = isCrypto({ market: params.get('market'), source: params.get('source') });
  const direction = params.get('direction') === '1' ? OrderDirection.Sell : OrderDirection.Buy;
  const quoteQ = useQuery(quoteQuery({ symbol: symbolParam, code, crypto }));
  const quote = quoteQ.data;
  const symbol = quote?.symbol ?? symbolParam ?? undefined;
  useLiveQuote([symbol]);
  const orderCall = quote ? orderCallFor(quote) : null;
  // The ticket loads these too; here only to be asked for again on pull-to-refresh.
  const limits = useQuery(minCountQuery(orderCall ? quote?.symbol : undefined));
  const tradingRules = useQuery(tradingRulesQuery(symbol));

  let body: ReactNode;
  if (!symbolParam && !code) body = <EmptyState kind="notFound" title={t('quote.notFound')} body={t('quote.notFoundBody')} />;
  else if (quote && !orderCall)
    body = (
      <>
        <InstrumentHead quote={quote} />
        <TradingNote quote={quote} testId="order-trading-note" />
      </>
    );
  else if (quoteQ.isPending)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="order-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
        <span className="sk sk-line" />
      </div>
    );
  else if (!quote)
    body = (
      <EmptyState kind="notFound" title={t('quote.notFound')} body={t('quote.notFoundBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void quoteQ.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <InstrumentHead quote={quote} />
        <OrderTicket key={quote.symbol} quote={quote} initialDirection={direction} initialLimit={params.get('type') === 'limit'} place="page" />
      </>
    );

  return (
    <Page title={quote?.name ?? params.get('name') ?? t('titles.paymentStock')} className="money-page order-page">
      <Refreshable onRefresh={() => Promise.all([quoteQ.refetch(), limits.refetch(), tradingRules.refetch()])}>{body}</Refreshable>
    </Page>
  );
}
