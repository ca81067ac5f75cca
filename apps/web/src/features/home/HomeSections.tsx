import { useTranslation } from 'react-i18next';
import { NewsSection } from '../content';
import { HotLists, IndexStrip, MarketStatusChips } from './MarketOverview';

/**
 * The home tab below its shortcuts: the market's lists and the news. A chunk of its own, loaded
 * while the shell above it paints (HomePage), since what it brings (the market's queries and live
 * prices, the number formats, the news) is most of the tab's code and all of its data.
 */
export default function HomeSections() {
  const { t } = useTranslation();
  return (
    <>
      <div className="section-title">{t('home.indicesTitle')}</div>
      <IndexStrip />
      <MarketStatusChips />

      <div className="section-title">{t('home.hotTitle')}</div>
      <HotLists />

      <NewsSection />
    </>
  );
}
