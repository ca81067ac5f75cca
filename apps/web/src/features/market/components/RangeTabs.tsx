import type { KlineRange } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { CHART_TABS } from '../chartTabs';

/** The chart's tabs, each labelled by what it draws (Intraday, 5 days, Day …), the chosen one selected. */
export function RangeTabs({ range, onChange }: { range: KlineRange; onChange: (range: KlineRange) => void }) {
  const { t } = useTranslation();
  return (
    <div className="range-tabs" role="tablist" aria-label={t('quote.chart')}>
      {CHART_TABS.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          aria-selected={range === item}
          className={range === item ? 'range-tab active' : 'range-tab'}
          data-testid={`kline-range-${item}`}
          onClick={() => onChange(item)}
        >
          {t(`quote.ranges.${item}`)}
        </button>
      ))}
    </div>
  );
}
