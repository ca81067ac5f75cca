import { isBlockQuantity, isMultipleOf, leverageCapFor, OrderDirection, WalletCode, walletCurrency as currencyOf, zQuantity } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup, SearchBar } from 'antd-mobile';
import { CloseOutline, RightOutline } from 'antd-mobile-icons';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { ApiError } from '../../api/client';
import { isRetryable, useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { queryClient } from '../../lib/queryClient';
import { formatAmount, formatDateTime, formatInCurrency, formatNumber, formatPrice, formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { DecimalField, DirectionToggle, LeverageChips } from '../../ui/OrderFields';
import { RowsSkeleton, StatusBadge } from '../../ui/records';
import { useLeverageChoice } from '../../ui/useLeverageChoice';
import { SimulatedNotice } from '../market';
import { LeverageRiskDialog, tradingKeys } from '../trading';
import { balancesQuery } from '../wallet';
import {
  acceptQuote,
  acknowledgeLeverageRisk,
  blockQuotesQuery,
  blockStocksQuery,
  leverageRiskQuery,
  requestQuote,
  stockRuleQuery,
  type BlockQuote,
  type BlockQuoteInput,
  type BlockStock,
  type BlockTradeResult,
} from './api';

// The block-trading desk of an active block trader (decision 0019, "Block trades"): pick a stock of
// the block list, a side, a quantity of at least 10,000 shares and a leverage; the house quotes at
// once within the band around the reference price, and the quote counts down until it expires;
// accepting it opens the position, which the result links to.

const SECOND = 1000;
const STATUS_TONE: Record<BlockQuote['status'], string> = { requested: 'progress', quoted: 'progress', accepted: 'done', expired: 'muted', refused: 'failed' };

/** Under their fields, or (`form`) above the button: message keys or sentences, as `msg` shows them. */
type Errors = { stockCode?: string; quantity?: string; leverage?: string; form?: string };

/** This device's clock, ticking while `running`: what a countdown re-renders on. */
function useTicking(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), SECOND / 4);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * Milliseconds a quote has left on the server's clock: its answer's time plus what has passed here
 * since it arrived, so a device whose clock is off still counts the quote's own 30 seconds.
 */
const timeLeft = (quote: Pick<BlockQuote, 'expiresAtTimestamp' | 'timestamp'>, receivedAt: number, now: number) =>
  Math.max(0, quote.expiresAtTimestamp - (quote.timestamp + Math.max(0, now - receivedAt)));

/** A live quote whose time is up reads as expired at once, before the server is asked again. */
const statusAt = (quote: BlockQuote, receivedAt: number, now: number): BlockQuote['status'] =>
  quote.status === 'quoted' && timeLeft(quote, receivedAt, now) === 0 ? 'expired' : quote.status;

/** The side's word: the order form's own. */
const sideKey = (direction: number) => (direction === OrderDirection.Buy ? 'trading.buy' : 'trading.sell');

/** A label and a figure of the quote. */
function Figure({ label, children, testId, strong }: { label: string; children: React.ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'block-figure strong' : 'block-figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The block list in a bottom sheet: name, code, reference price and band; search by name or code. */
function StockPicker({
  open,
  selected,
  onPick,
  onClose,
}: {
  open: boolean;
  selected: string | undefined;
  onPick: (s: BlockStock) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const stocks = useQuery(blockStocksQuery(search.trim(), open));
  let body;
  if (stocks.isPending) body = <RowsSkeleton count={6} />;
  else if (!stocks.data) body = <EmptyState compact kind="market" title={t('blockTrade.rfq.stocksFailed')} onRetry={() => void stocks.refetch()} />;
  else if (stocks.data.list.length === 0) body = <EmptyState compact kind="market" title={t('blockTrade.rfq.noStocks')} />;
  else
    body = (
      <ul className="block-picker-list" aria-label={t('blockTrade.rfq.stocksTitle')}>
        {stocks.data.list.map((s) => (
          <li key={s.symbol}>
            <button
              type="button"
              className={s.symbol === selected ? 'block-picker-row active' : 'block-picker-row'}
              aria-current={s.symbol === selected ? 'true' : undefined}
              data-testid="blocktrade-stock-option"
              data-symbol={s.symbol}
              onClick={() => onPick(s)}
            >
              <span className="block-picker-name">
                <strong>{s.name}</strong>
                <small>
                  {s.stock_code} · {s.marketType}
                </small>
              </span>
              <span className="block-picker-figures">
                <strong>{`${formatPrice(s.block.referencePrice, s.tickSize)} ${s.currency}`}</strong>
                <small>{`${formatPrice(s.block.bandLow, s.tickSize)} – ${formatPrice(s.block.bandHigh, s.tickSize)}`}</small>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="block-picker" destroyOnClose>
      <div className="block-picker-panel" role="dialog" aria-modal="true" aria-labelledby="block-picker-title" data-testid="blocktrade-picker">
        <header className="block-picker-head">
          <strong id="block-picker-title">{t('blockTrade.rfq.stocksTitle')}</strong>
          <button type="button" className="block-picker-close" aria-label={t('blockTrade.rfq.closePicker')} onClick={onClose}>
            <CloseOutline aria-hidden="true" />
          </button>
        </header>
        <div className="block-picker-search">
          <SearchBar placeholder={t('blockTrade.rfq.search')} value={search} onChange={setSearch} aria-label={t('blockTrade.rfq.search')} />
        </div>
        <div className="block-picker-scroll">{body}</div>
      </div>
    </Popup>
  );
}

/** The house's quote: its price against the reference and the band, what accepting costs, and the time left. */
function QuoteCard({
  quote,
  receivedAt,
  accepting,
  onAccept,
  onAgain,
}: {
  quote: BlockQuote;
  receivedAt: number;
  accepting: boolean;
  onAccept: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const now = useTicking(quote.status === 'quoted');
  const left = timeLeft(quote, receivedAt, now);
  const status = statusAt(quote, receivedAt, now);
  const live = status === 'quoted';
  const price = (v: string) => formatPrice(v, quote.tickSize);
  const money = (v: string) => formatInCurrency(v, quote.walletCurrency);
  const seconds = Math.ceil(left / SECOND);
  const total = (quote.expiresAtTimestamp - quote.createTimeTimestamp) / SECOND;
  return (
    <section className="card card-pad block-quote" data-testid="blocktrade-quote" data-status={status} data-id={quote.id} aria-labelledby="block-quote-title">
      <header className="block-quote-head">
        <h2 id="block-quote-title" className="block-quote-title">
          {t('blockTrade.quote.title', { side: t(sideKey(quote.direction)), name: quote.stockName })}
        </h2>
        <StatusBadge tone={STATUS_TONE[status]} testId="blocktrade-quote-status">
          {t(`blockTrade.status.${status}`)}
        </StatusBadge>
      </header>
      <div className="block-quote-price">
        <strong data-testid="blocktrade-quote-price" data-value={quote.price}>
          {price(quote.price)}
        </strong>
        <span>{quote.currency}</span>
      </div>
      <p className="block-quote-diff" data-testid="blocktrade-quote-difference">
        {t('blockTrade.quote.differenceLine', {
          difference: formatAmount(quote.difference, { decimals: Math.max(2, quote.difference.split('.')[1]?.length ?? 0), signed: true, grouping: true }),
          percent: formatAmount(quote.differencePercent, { signed: true }),
          reference: formatNumber(quote.referencePrice, { grouping: true }),
        })}
      </p>
      {live ? (
        <div className="block-countdown" data-testid="blocktrade-countdown" data-seconds={seconds}>
          <span>{t('blockTrade.quote.validFor')}</span>
          <strong aria-live="off">{t('blockTrade.quote.seconds', { n: seconds })}</strong>
          <span className="block-countdown-bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (seconds / total) * 100)}%` }} />
          </span>
        </div>
      ) : (
        status === 'expired' && (
          <p className="block-quote-expired" role="status" data-testid="blocktrade-expired">
            {t('blockTrade.quote.expiredBody')}
          </p>
        )
      )}
      <dl className="block-figures">
        <Figure label={t('blockTrade.quote.reference')} testId="blocktrade-quote-reference">
          {`${formatNumber(quote.referencePrice, { grouping: true })} ${quote.currency}`}
        </Figure>
        <Figure label={t('blockTrade.quote.band', { band: formatNumber(quote.bandPercent) })} testId="blocktrade-quote-band">
          {`${price(quote.bandLow)} – ${price(quote.bandHigh)}`}
        </Figure>
        <Figure label={t('blockTrade.quote.quantity')}>
          {`${t(sideKey(quote.direction))} ${formatQuantity(quote.quantity)} · ${t('trading.leverageX', { n: quote.leverage })}`}
        </Figure>
        <Figure label={t('blockTrade.quote.notional')} testId="blocktrade-quote-notional">
          {`${formatAmount(quote.notional, { grouping: true })} ${quote.currency}`}
        </Figure>
        <Figure label={t('blockTrade.quote.margin')} testId="blocktrade-quote-margin">
          {money(quote.margin)}
        </Figure>
        <Figure label={t('blockTrade.quote.fee')} testId="blocktrade-quote-fee">
          {money(quote.fee)}
        </Figure>
        <Figure label={t('blockTrade.quote.total')} testId="blocktrade-quote-total" strong>
          {money(quote.total)}
        </Figure>
      </dl>
      <div className="form-actions">
        {live ? (
          <Button block color="primary" size="large" shape="rounded" loading={accepting} data-testid="blocktrade-accept" onClick={onAccept}>
            {t('blockTrade.quote.accept', { price: price(quote.price) })}
          </Button>
        ) : (
          status === 'expired' && (
            <Button block color="primary" fill="outline" size="large" shape="rounded" data-testid="blocktrade-again" onClick={onAgain}>
              {t('blockTrade.quote.requestAgain')}
            </Button>
          )
        )}
      </div>
      <p className="form-note">{t('blockTrade.quote.firm', { seconds: total })}</p>
    </section>
  );
}

/** The accepted block: what was bought or sold at what price, and the way to its position. */
function ResultCard({ result, onDone }: { result: BlockTradeResult; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { quote, position } = result;
  return (
    <section className="card card-pad block-result" data-testid="blocktrade-result" aria-labelledby="block-result-title" role="status">
      <h2 id="block-result-title" className="block-quote-title">
        {t('blockTrade.result.title')}
      </h2>
      <p data-testid="blocktrade-result-text">
        {t('blockTrade.result.body', {
          side: t(sideKey(quote.direction)),
          quantity: formatQuantity(quote.quantity),
          name: quote.stockName,
          price: `${formatPrice(quote.price, quote.tickSize)} ${quote.currency}`,
          margin: formatInCurrency(position.margin, position.walletCurrency),
          fee: formatInCurrency(position.handlingFee, position.walletCurrency),
        })}
      </p>
      <div className="block-result-actions">
        <Button
          color="primary"
          shape="rounded"
          data-testid="blocktrade-position"
          onClick={() => void navigate(paths.trading.detail(position.id, { name: position.stockName, code: position.stockCode, source: position.source }))}
        >
          {t('blockTrade.result.viewPosition')}
        </Button>
        <Button fill="outline" color="primary" shape="rounded" data-testid="blocktrade-new" onClick={onDone}>
          {t('blockTrade.result.newRequest')}
        </Button>
      </div>
    </section>
  );
}

function RecentQuotes() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const quotes = useQuery(blockQuotesQuery());
  const now = useTicking(quotes.data?.list.some((q) => q.status === 'quoted') ?? false);
  let body;
  if (quotes.isPending) body = <RowsSkeleton count={2} />;
  else if (!quotes.data) body = <EmptyState compact kind="records" title={t('blockTrade.recent.loadFailed')} onRetry={() => void quotes.refetch()} />;
  else if (quotes.data.list.length === 0) body = <EmptyState compact kind="records" title={t('blockTrade.recent.empty')} />;
  else
    body = quotes.data.list.map((q) => {
      const status = statusAt(q, quotes.dataUpdatedAt, now);
      return (
        <div key={q.id} className="record-row" data-testid="blocktrade-recent-row" data-id={q.id} data-status={status}>
          <div className="record-main">
            <div className="record-title">
              {t(sideKey(q.direction))} {formatQuantity(q.quantity)} {q.stockName}
            </div>
            <div className="record-sub">
              {`${formatPrice(q.price, q.tickSize)} ${q.currency} · ${t('trading.leverageX', { n: q.leverage })} · ${formatDateTime(q.createTimeTimestamp)}`}
            </div>
          </div>
          <div className="record-figures block-recent-figures">
            <StatusBadge tone={STATUS_TONE[status]}>{t(`blockTrade.status.${status}`)}</StatusBadge>
            {q.positionId !== null && (
              <button type="button" className="link" onClick={() => void navigate(paths.trading.detail(q.positionId!))}>
                {t('blockTrade.result.viewPosition')}
              </button>
            )}
          </div>
        </div>
      );
    });
  return (
    <section className="card record-list block-recent" data-testid="blocktrade-recent" aria-labelledby="block-recent-title">
      <h2 id="block-recent-title" className="card-title block-recent-title">
        {t('blockTrade.recent.title')}
      </h2>
      {body}
    </section>
  );
}

/** The request for quote and what follows it, for an active block trader. */
export function BlockTradeDesk() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intent = useIntentKey();
  const stocks = useQuery(blockStocksQuery(''));
  const [symbol, setSymbol] = useState<string | undefined>();
  const [picked, setPicked] = useState<BlockStock | undefined>();
  const [picking, setPicking] = useState(false);
  const [direction, setDirection] = useState<OrderDirection>(OrderDirection.Buy);
  const [quantity, setQuantity] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [asking, setAsking] = useState(false);
  const [quote, setQuote] = useState<{ quote: BlockQuote; receivedAt: number } | null>(null);
  const [accepting, setAccepting] = useState(false);
  const [result, setResult] = useState<BlockTradeResult | null>(null);

  // The stock shown with its live terms: the picked one as the list refreshes it, the largest first.
  const stock = stocks.data?.list.find((s) => s.symbol === symbol) ?? picked ?? stocks.data?.list[0];
  const rule = useQuery(stockRuleQuery(stock?.symbol));
  const leverages = rule.data?.leverages ?? [1];
  const risk = useQuery(leverageRiskQuery());
  const acknowledged = risk.data?.acknowledged ?? false;
  const cap = stock ? leverageCapFor(stock) : 5;
  const choice = useLeverageChoice<BlockQuoteInput>({
    initial: 1,
    leverages,
    cap,
    acknowledged,
    acknowledge: acknowledgeLeverageRisk,
    proceed: (input) => ask(input),
  });
  const { leverage } = choice;
  const balances = useQuery(balancesQuery());
  const wallet = balances.data?.find((w) => w.code === WalletCode.UsStock);
  const minQuantity = stocks.data?.minQuantity ?? '10000';
  const lot = stock?.lotSize ?? '1';

  const validate = (): BlockQuoteInput | null => {
    const next: Errors = {};
    if (!stock) next.stockCode = t('blockTrade.rfq.chooseStock');
    const q = zQuantity.safeParse(quantity);
    if (!q.success) next.quantity = q.error.issues[0]?.message ?? 'v.addQuantity';
    else if (!isBlockQuantity(q.data) || !isMultipleOf(q.data, lot))
      next.quantity = msg('e.blockQuantity', { min: formatQuantity(minQuantity), lot: formatQuantity(lot) });
    setErrors(next);
    if (next.stockCode || next.quantity || !stock) return null;
    return { stockCode: stock.symbol, direction, quantity: q.data!, leverage };
  };

  async function ask(input: BlockQuoteInput) {
    setAsking(true);
    setResult(null);
    try {
      const answer = await requestQuote(input);
      setQuote({ quote: answer, receivedAt: Date.now() });
    } catch (error) {
      if (error instanceof ApiError && error.key === 'e.leverageRiskUnacknowledged')
        void queryClient.invalidateQueries({ queryKey: tradingKeys.leverageRisk() });
      // A refusal naming a field is shown under it; any other (the market closed, the balance) above the button.
      if (error instanceof ApiError && error.fields)
        setErrors({ stockCode: error.fields.stockCode, quantity: error.fields.quantity, leverage: error.fields.leverage });
      else setErrors({ form: error instanceof Error ? error.message : String(error) });
    } finally {
      setAsking(false);
    }
  }

  const submit = async () => {
    const input = validate();
    if (input) await choice.go(input);
  };

  const accept = async () => {
    if (!quote) return;
    const key = intent.take(String(quote.quote.id));
    setAccepting(true);
    try {
      const done = await acceptQuote(quote.quote.id, key);
      intent.settle();
      setResult(done);
      setQuote(null);
    } catch (error) {
      intent.settle(error);
      if (!isRetryable(error) && error instanceof ApiError && (error.key === 'e.blockQuoteExpired' || error.key === 'e.blockQuoteUsed')) {
        setQuote({ quote: { ...quote.quote, status: error.key === 'e.blockQuoteUsed' ? 'accepted' : 'expired' }, receivedAt: quote.receivedAt });
      }
      setErrors({ form: error instanceof Error ? error.message : String(error) });
    } finally {
      setAccepting(false);
    }
  };

  const formError = errors.form;
  const buy = direction === OrderDirection.Buy;

  return (
    <>
      <form
        className="block-rfq"
        noValidate
        aria-labelledby="block-rfq-title"
        data-testid="blocktrade-rfq"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <section className="form-section">
          <h2 className="form-section-title" id="block-rfq-title">
            {t('blockTrade.rfq.title')}
          </h2>

          <div className={errors.stockCode ? 'field has-error' : 'field'}>
            <span className="field-label" id="block-stock-label">
              {t('blockTrade.rfq.stock')}
            </span>
            {stocks.isPending ? (
              <div className="block-stock sk-card" aria-busy="true" data-testid="blocktrade-stocks-loading" />
            ) : !stock ? (
              <EmptyState compact kind="market" title={t('blockTrade.rfq.stocksFailed')} onRetry={() => void stocks.refetch()} />
            ) : (
              <button
                type="button"
                className="block-stock"
                aria-labelledby="block-stock-label block-stock-name"
                aria-haspopup="dialog"
                data-testid="blocktrade-stock"
                data-symbol={stock.symbol}
                onClick={() => setPicking(true)}
              >
                <span className="block-stock-name" id="block-stock-name">
                  <strong>{stock.name}</strong>
                  <small>
                    {stock.stock_code} · {stock.marketType} · {stock.currency}
                  </small>
                </span>
                <RightOutline aria-hidden="true" />
              </button>
            )}
            {errors.stockCode && (
              <div className="field-error" role="alert">
                {msg(errors.stockCode)}
              </div>
            )}
            {stock && (
              <dl className="block-terms" data-testid="blocktrade-terms">
                <Figure label={t('blockTrade.rfq.reference')} testId="blocktrade-reference">
                  {`${formatNumber(stock.block.referencePrice, { grouping: true })} ${stock.currency}`}
                </Figure>
                <Figure label={t('blockTrade.rfq.band', { band: formatNumber(stocks.data?.bandPercent ?? '3') })} testId="blocktrade-band">
                  {`${formatPrice(stock.block.bandLow, stock.tickSize)} – ${formatPrice(stock.block.bandHigh, stock.tickSize)}`}
                </Figure>
              </dl>
            )}
            {stock && !stock.tradable && (
              <div className="field-hint warn" data-testid="blocktrade-closed">
                {t('blockTrade.rfq.marketClosed')}
              </div>
            )}
          </div>

          <div className="field">
            <span className="field-label" id="block-side-label">
              {t('blockTrade.rfq.side')}
            </span>
            <DirectionToggle value={direction} onChange={setDirection} testPrefix="blocktrade" className="block-side" labelledBy="block-side-label" />
          </div>

          <DecimalField
            id="block-quantity"
            testId="blocktrade-quantity"
            label={t('blockTrade.rfq.quantity')}
            inputMode="numeric"
            placeholder={formatQuantity(minQuantity)}
            noteId="block-quantity-note"
            value={quantity}
            onChange={(v) => {
              setQuantity(v);
              setErrors((e) => ({ ...e, quantity: undefined }));
            }}
            error={errors.quantity}
            hint={t('blockTrade.rfq.quantityHint', { min: formatQuantity(minQuantity), lot: formatQuantity(lot) })}
          />

          <div className="field">
            <span className="field-label" id="block-leverage-label">
              {t('blockTrade.rfq.leverage')}
            </span>
            <LeverageChips
              leverages={leverages}
              value={leverage}
              cap={cap}
              onChange={choice.setLeverage}
              testPrefix="blocktrade-leverage"
              labelledBy="block-leverage-label"
              describedBy="block-leverage-cap"
            />
            <div className={choice.warn ? 'field-hint warn' : 'field-hint'} id="block-leverage-cap">
              {acknowledged ? t('blockTrade.rfq.capHintAcknowledged', { cap }) : t('blockTrade.rfq.capHint', { cap })}
            </div>
            {errors.leverage && (
              <div className="field-error" role="alert">
                {msg(errors.leverage)}
              </div>
            )}
          </div>

          <div className="block-available">
            <span>{t('blockTrade.rfq.available')}</span>
            <strong data-testid="blocktrade-available">{wallet ? formatInCurrency(wallet.balance, wallet.currency) : '—'}</strong>
            <button
              type="button"
              className="link"
              onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.UsStock }))}
              data-testid="blocktrade-transfer"
            >
              {t('blockTrade.rfq.transfer', { currency: wallet?.currency ?? currencyOf(WalletCode.UsStock) })}
            </button>
          </div>

          {formError && (
            <div className="field-error block-form-error" role="alert" data-testid="blocktrade-error">
              {formError}
            </div>
          )}
          <div className="form-actions">
            <Button
              block
              type="submit"
              size="large"
              shape="rounded"
              color="primary"
              className={buy ? 'block-submit buy' : 'block-submit sell'}
              loading={asking}
              disabled={!stock}
              data-testid="blocktrade-request"
            >
              {t('blockTrade.rfq.request')}
            </Button>
          </div>
        </section>
      </form>

      {quote && !result && (
        <QuoteCard
          key={quote.quote.id}
          quote={quote.quote}
          receivedAt={quote.receivedAt}
          accepting={accepting}
          onAccept={() => void accept()}
          onAgain={() => {
            setQuote(null);
            void submit();
          }}
        />
      )}
      {result && <ResultCard result={result} onDone={() => setResult(null)} />}
      <RecentQuotes />
      <SimulatedNotice />

      <StockPicker
        open={picking}
        selected={stock?.symbol}
        onClose={() => setPicking(false)}
        onPick={(s) => {
          setSymbol(s.symbol);
          setPicked(s);
          setPicking(false);
          setQuote(null);
          setErrors({});
        }}
      />
      {choice.warning.visible && stock && (
        <Suspense fallback={null}>
          <LeverageRiskDialog {...choice.warning} name={stock.name} maintenanceRatio={rule.data?.maintenanceRatio ?? '0.5'} />
        </Suspense>
      )}
    </>
  );
}
