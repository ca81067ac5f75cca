import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Infinite scroll under a paged list: loads the next page as the end comes into view. */
export function LoadMore({ hasMore, onMore, endText }: { hasMore: boolean; onMore: () => Promise<unknown>; endText?: string }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      hasMore={hasMore}
      loadMore={async () => {
        await onMore();
      }}
    >
      {(more, failed, retry) =>
        failed ? (
          <button type="button" className="link" onClick={retry}>
            {t('common.retry')}
          </button>
        ) : more ? (
          t('common.loading')
        ) : (
          <span className="list-end">{endText ?? t('money.noMore')}</span>
        )
      }
    </InfiniteScroll>
  );
}
