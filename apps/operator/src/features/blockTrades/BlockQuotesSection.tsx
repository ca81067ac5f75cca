import { useQuery } from '@tanstack/react-query';
import { BLOCK_BAND_PERCENT, BLOCK_QUOTE_TTL_SECONDS, BlockQuoteStatus, isMessageKey, OrderDirection, translate } from '@tradeapp/contract';
import { Link } from 'react-router';
import { Badge } from '../../ui/Badges';
import { formatAmount } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';
import { TableRows } from '../../ui/States';
import { TableHead } from '../../ui/TableHead';
import { UserCell, When } from '../review';
import { BLOCK_TRADES_PAGE_SIZE, blockQuotesQueryOptions, type BlockQuoteItem } from './api';

// The house's block quotes and the block trades they became, for operators to read: the house
// quotes by itself (decision 0019, "Block trades"), so there is nothing here to decide.

const STATUS_OPTIONS: { value: BlockQuoteStatus; label: string }[] = [
  { value: BlockQuoteStatus.Quoted, label: 'Live' },
  { value: BlockQuoteStatus.Accepted, label: 'Accepted' },
  { value: BlockQuoteStatus.Expired, label: 'Expired' },
  { value: BlockQuoteStatus.Refused, label: 'Refused' },
];

const BADGES: Record<BlockQuoteStatus, [string, 'warning' | 'info' | 'success' | 'danger' | 'neutral']> = {
  requested: ['Requested', 'neutral'],
  quoted: ['Live', 'info'],
  accepted: ['Accepted', 'success'],
  expired: ['Expired', 'neutral'],
  refused: ['Refused', 'danger'],
};

export const isQuoteStatus = (value: string | null): value is BlockQuoteStatus => Object.values(BlockQuoteStatus).some((status) => status === value);

/** "+0.04 (+0.10 %)": how far the quoted price is from the reference. */
function difference(item: BlockQuoteItem): string {
  const sign = (value: string) => (value.startsWith('-') ? value : `+${value}`);
  return `${sign(item.difference)} (${sign(item.differencePercent)} %)`;
}

/** Why the house declined: the server's message key, in English for operators. */
const refusalText = (key: string | null) => (key === null ? '' : isMessageKey(key) ? translate('en', key) : key);

function QuoteRow({ item }: { item: BlockQuoteItem }) {
  const [label, tone] = BADGES[item.status];
  return (
    <tr data-testid="bo-blockquote-row" data-quote-id={item.id} data-status={item.status}>
      <td>
        <When timestamp={item.createTimeTimestamp} />
      </td>
      <UserCell name={item.userName} lines={[item.email]} />
      <td className="cell-wrap">
        <div className="strong">{item.stockCode}</div>
        <div className="muted small">{item.stockName}</div>
      </td>
      <td className="nowrap">
        {item.direction === OrderDirection.Buy ? 'Buy' : 'Sell'} {formatAmount(item.quantity).replace(/\.00$/, '')}
        <div className="muted small">{item.leverage}x</div>
      </td>
      <td className="num nowrap mono">
        {item.price} {item.currency}
        <div className="muted small">
          ref. {item.referencePrice} · {difference(item)}
        </div>
        <div className="muted small">
          band {item.bandLow} – {item.bandHigh}
        </div>
      </td>
      <td className="num nowrap mono">
        {formatAmount(item.margin)} {item.walletCurrency}
        <div className="muted small">fee {formatAmount(item.fee)}</div>
      </td>
      <td>
        <div className="status-cell">
          <Badge tone={tone}>{label}</Badge>
        </div>
        {item.status === BlockQuoteStatus.Refused && <div className="muted small">{refusalText(item.refusal)}</div>}
        {item.positionId !== null && (
          <div className="small">
            <Link to={`/users/${String(item.userId)}`} data-testid="bo-blockquote-position">
              Position #{item.positionId}
            </Link>
          </div>
        )}
      </td>
    </tr>
  );
}

export function BlockQuotesSection({
  status,
  page,
  onStatus,
  onPage,
}: {
  status: BlockQuoteStatus | undefined;
  page: number;
  onStatus: (value: BlockQuoteStatus | undefined) => void;
  onPage: (value: number) => void;
}) {
  const quotes = useQuery(blockQuotesQueryOptions({ status, page }));
  const columns = [
    { label: 'Quoted' },
    { label: 'Investor' },
    { label: 'Stock' },
    { label: 'Order' },
    { label: 'Price', className: 'num' },
    { label: 'Margin', className: 'num' },
    { label: 'Status' },
  ];
  return (
    <>
      <div className="toolbar">
        <Segmented label="Quote status" options={STATUS_OPTIONS} value={status} onChange={onStatus} testId="bo-blockquote-status" />
        {quotes.isFetching && !quotes.isPending && <Spinner label="Refreshing" />}
      </div>
      <p className="muted small">
        The house quotes every request at once from the live mid, within ±{BLOCK_BAND_PERCENT} % of it, firm for {BLOCK_QUOTE_TTL_SECONDS} seconds; an accepted
        quote becomes the investor’s position. Nothing here needs a decision.
      </p>
      <div className="card">
        <table className="table" aria-label="Block quotes and trades">
          <TableHead columns={columns} />
          <tbody>
            <TableRows rows={quotes.data?.list} colSpan={columns.length} query={quotes} loadingLabel="Loading quotes…" empty="No quotes.">
              {(item) => <QuoteRow key={item.id} item={item} />}
            </TableRows>
          </tbody>
        </table>
        {quotes.data && <Pagination page={page} size={BLOCK_TRADES_PAGE_SIZE} total={quotes.data.total} onPage={onPage} disabled={quotes.isFetching} />}
      </div>
    </>
  );
}
