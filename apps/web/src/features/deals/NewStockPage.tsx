import '../../ui/money.css';
import '../../ui/quotes.css';
import './deals.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { SimulatedNotice } from '../market';
import { newStockQuery } from './api';
import { DealDetail } from './DealDetail';
import { DealList } from './DealList';
import { dealKeys } from './keys';

/**
 * /pages/product/newstock: the IPO deals of the United States and Hong Kong; with `symbol` (the
 * specification names no route of its own for one deal) the deal's page.
 */
export default function NewStockPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const symbol = params.get('symbol')?.trim() || null;
  const deal = useQuery(newStockQuery(symbol));
  return (
    <Page
      title={symbol ? (deal.data?.name ?? params.get('name') ?? symbol) : t('titles.productNewStock')}
      className={symbol ? 'money-page deal-page with-bar' : 'money-page deal-page'}
    >
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: dealKeys.all, type: 'active' })}>
        {symbol ? (
          <DealDetail symbol={symbol} />
        ) : (
          <>
            <DealList />
            <SimulatedNotice />
          </>
        )}
      </Refreshable>
    </Page>
  );
}
