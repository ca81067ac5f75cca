import './bondQuotePrices.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { quoteQuery } from './api';
import { formatBondPrice } from './calc';

/**
 * A bond's prices on its market quote page, each labelled: the clean price (the quote's own price,
 * per 100 face, without accrued interest) and the dirty price (clean + accrued interest), from the
 * bond's quote, which the server makes with the market's one quote function: the same clean price.
 */
export default function BondQuotePrices({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const q = useQuery(quoteQuery(symbol)).data;
  if (!q) return null;
  return (
    <p className="quote-bond-prices" data-testid="quote-bond-prices">
      <span data-testid="quote-bond-clean">{t('bonds.quotePrices.clean', { price: formatBondPrice(q.price) })}</span>
      <span data-testid="quote-bond-dirty">{t('bonds.quotePrices.dirty', { price: formatBondPrice(q.dirtyPrice), accrued: formatBondPrice(q.accrued) })}</span>
    </p>
  );
}
