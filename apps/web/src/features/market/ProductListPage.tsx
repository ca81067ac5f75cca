import '../../ui/quotes.css';
import './market.css';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from '../../lib/router';
import { ROUTES } from '../../app/paths';
import { formatQuantity } from '../../lib/format';
import { Page } from '../../ui/Page';
import { ListCurrency, QuoteListHead } from '../../ui/QuoteRow';
import { Refreshable } from '../../ui/Refreshable';
import { dealKeys, HkDealsSection } from '../deals';
import { futuresCategoriesQuery, productListQuery, type ProductList } from './api';
import { LiveQuoteList } from './components/LiveQuoteList';
import { SimulatedNotice } from './components/SimulatedNotice';
import { listCurrency, pagedRows } from './rows';

/** Which list each product route shows, and its title. */
const PRODUCT_LISTS: Record<string, { kind: ProductList; title: 'titles.productFuture' | 'titles.productPopular' | 'titles.productForex' | 'titles.hkIndex' }> =
  {
    [ROUTES.productFuture]: { kind: 'future', title: 'titles.productFuture' },
    [ROUTES.productPopular]: { kind: 'popular', title: 'titles.productPopular' },
    [ROUTES.productForex]: { kind: 'forex', title: 'titles.productForex' },
    [ROUTES.hkIndex]: { kind: 'hk', title: 'titles.hkIndex' },
  };

/** The futures categories as chips: all, or one category (index, rates, metals, energy ...). */
function CategoryChips({ active, onChange }: { active: string | null; onChange: (classify: string | null) => void }) {
  const { t } = useTranslation();
  const categories = useQuery(futuresCategoriesQuery());
  if (!categories.data?.length) return null;
  const chips = [
    { key: null, label: t('products.all') },
    ...categories.data.map((c) => ({ key: c.classify, label: `${c.classify} (${formatQuantity(String(c.count))})` })),
  ];
  return (
    <div className="chip-bar" role="tablist" aria-label={t('products.classify')}>
      {chips.map((chip) => (
        <button
          key={chip.key ?? 'all'}
          type="button"
          role="tab"
          aria-selected={active === chip.key}
          className={active === chip.key ? 'product-chip active' : 'product-chip'}
          data-testid={`product-classify-${chip.key ?? 'all'}`}
          onClick={() => onChange(chip.key)}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}

/**
 * /pages/product/future, popular, forex and /pages/hkstock/index: the live list each is named
 * after (futures, the most traded stocks, currency pairs, Hong Kong stocks), paged on scroll and
 * refreshed by pulling, as on the market tab. Futures can be narrowed to one category; the Hong
 * Kong list has the IPOs open or to come above it.
 */
export default function ProductListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const product = PRODUCT_LISTS[pathname] ?? { kind: 'popular', title: 'titles.productPopular' };
  const classify = product.kind === 'future' ? params.get('classify') : null;
  const list = useInfiniteQuery(productListQuery(product.kind, classify));
  const currency = useMemo(() => listCurrency(pagedRows(list.data)), [list.data]);
  const queryClient = useQueryClient();
  const hk = product.kind === 'hk';

  return (
    <Page title={t(product.title)} tone="dark" className="market-page product-page">
      {product.kind === 'future' && (
        <CategoryChips
          active={classify}
          onChange={(next) => setParams(next ? new URLSearchParams({ classify: next }) : new URLSearchParams(), { replace: true })}
        />
      )}
      {hk && (
        <Suspense fallback={null}>
          <HkDealsSection />
        </Suspense>
      )}
      <div className="list-head-bar">
        <QuoteListHead
          name={t('market.colName')}
          mid={t('market.vol')}
          price={
            <>
              {t('market.colPrice')}
              <ListCurrency code={currency} />
            </>
          }
          change={t('market.colChange')}
        />
      </div>
      <Refreshable onRefresh={() => Promise.all([list.refetch(), hk && queryClient.refetchQueries({ queryKey: dealKeys.all, type: 'active' })])}>
        <LiveQuoteList list={list} testId="product-list" rowTestId="product-row" segment={product.kind} />
        <SimulatedNotice />
      </Refreshable>
    </Page>
  );
}
