import { compareDecimal, subDecimal, WalletCode, type FundHolding, type FundProduct, type FundRedeemPreview } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatDate, signOf } from '../../lib/format';
import { DecimalField, FormSheet, refusal } from '../../ui/FormSheet';
import { showToast } from '../../ui/toast';
import { useIntentSubmit } from '../../ui/useIntentSubmit';
import { balancesQuery } from '../wallet';
import { createOrder, detailQuery, previewQuery } from './api';
import { amountProblem, dayIso, estimateUnits, formatDay, formatNav, formatRate, formatUnits, navDayAt, termInterest, unitsProblem } from './calc';
import { Figure, money, useNow, useProductName } from './components';
import { CutoffNote } from './Cutoff';

// The orders of a product, each in a bottom sheet. A purchase names euros from the financial wallet
// (the contract's amount rule, "Please enter purchase amount"; the product's least purchase; the
// wallet's available balance), with the NAV day the cut-off assigns and the units the amount would
// get at the latest NAV (an estimate), a Regular term's interest at its end. A fund redemption names
// units or all of them and shows, before it is confirmed, what the server's preview says lot by lot:
// the free units, the exit load, a lock-in, the net, the NAV day and the pay day. A deposit's
// redemption shows what it pays and, for a Regular term ended early, what it forfeits. Sent under
// the intent's idempotency key; the server's sentence under the field when refused.

function AllBox({ checked, onChange, label, testId }: { checked: boolean; onChange: (v: boolean) => void; label: string; testId: string }) {
  return (
    <label className="fund-all">
      <input type="checkbox" data-testid={testId} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** `value` once it has stood still for `ms`: a preview is asked for what the investor stopped typing at. */
function useSettled<T>(value: T, ms = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface BuyProps {
  product: FundProduct;
  visible: boolean;
  onClose: () => void;
}

export function BuySheet({ product: p, visible, onClose }: BuyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useProductName();
  const now = useNow(visible && p.kind === 'fund');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const { pending, send } = useIntentSubmit(setError);
  const balances = useQuery({ ...balancesQuery(), enabled: visible });
  const wallet = balances.data?.find((w) => w.code === WalletCode.Financial);
  const valid = amountProblem(p.id, amount) === null;
  const short = wallet !== undefined && valid && compareDecimal(amount, wallet.balance) === 1;
  const units = p.kind === 'fund' ? estimateUnits(amount, p.nav) : null;
  const interest = p.kind === 'regular' ? termInterest(amount, p.ratePercent, p.termDays) : null;
  const navDay = navDayAt(p, now);

  const submit = async () => {
    const problem = amountProblem(p.id, amount);
    if (problem) return setError(problem);
    if (compareDecimal(amount, p.minAmount) === -1) return setError(t('funds.buy.belowMin', { min: money(p.minAmount) }));
    if (wallet && compareDecimal(amount, wallet.balance) === 1) return setError('e.insufficientFunds');
    setError('');
    const input = { productId: p.id, side: 'buy' as const, amount };
    await send(input, createOrder, () => {
      setAmount('');
      onClose();
      showToast(t(`funds.buy.done.${p.kind}`), 'success');
    });
  };

  return (
    <FormSheet
      kind="fund"
      visible={visible}
      onClose={onClose}
      title={`${t('funds.buy.title')} · ${nameOf(p)}`}
      testId="fund-buy-sheet"
      onSubmit={() => void submit()}
    >
      <DecimalField
        label={t('funds.buy.amount')}
        testId="fund-amount"
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setError('');
        }}
        error={error}
        hint={t('funds.buy.min', { min: money(p.minAmount) })}
        placeholder={t('funds.buy.placeholder')}
      />
      <dl className="fund-lines">
        <Figure label={t('funds.terms.min')} testId="fund-buy-min">
          {money(p.minAmount)}
        </Figure>
        <Figure label={t('funds.buy.available')} testId="fund-available">
          {wallet ? money(wallet.balance) : EMPTY_VALUE}
        </Figure>
        {p.kind === 'fund' && (
          <>
            <Figure label={t('funds.buy.latestNav')} testId="fund-buy-nav">
              {p.nav !== null ? t('funds.navOn', { nav: formatNav(p.nav), date: formatDay(p.navDay) }) : t('funds.noNav')}
            </Figure>
            <Figure label={t('funds.buy.navDay')} testId="fund-buy-nav-day">
              <time dateTime={dayIso(navDay)}>{formatDay(navDay)}</time>
            </Figure>
            <Figure label={t('funds.buy.units')} testId="fund-buy-units">
              {units !== null ? t('funds.buy.unitsValue', { units: formatUnits(units) }) : '—'}
            </Figure>
          </>
        )}
        {p.kind === 'regular' && (
          <>
            <Figure label={t('funds.regular.rate')}>{t('funds.terms.perYear', { rate: formatRate(p.ratePercent) })}</Figure>
            <Figure label={t('funds.buy.interest')} testId="fund-buy-interest">
              {interest !== null ? money(interest) : '—'}
            </Figure>
          </>
        )}
      </dl>
      {short || error === 'e.insufficientFunds' ? (
        <button
          type="button"
          className="link fund-link"
          data-testid="fund-transfer"
          onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.Financial }))}
        >
          {t('funds.buy.transfer')}
        </button>
      ) : null}
      {p.kind === 'fund' && <CutoffNote p={p} now={now} testId="fund-buy-cutoff" />}
      <p className="form-note fund-priced" data-testid="fund-buy-note">
        {t(`funds.buy.note.${p.kind}`, { days: p.termDays ?? 0 })}
      </p>
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} disabled={p.paused} data-testid="fund-buy-submit">
        {t('funds.buy.submit')}
      </Button>
    </FormSheet>
  );
}

/** A charge taken off what is paid: "−€0.39", and "€0.00" when there is none. */
const charge = (v: string | null) => (v === null ? '—' : signOf(v) > 0 ? `−${money(v)}` : money(v));

/** The server's preview of a redemption: lot by lot for a fund, then what it pays and when. */
function PreviewTable({ preview, kind }: { preview: FundRedeemPreview; kind: FundProduct['kind'] }) {
  const { t } = useTranslation();
  const locked = preview.lots.some((l) => l.locked);
  // A Regular term: gross is the principal and the interest earned so far; ended early, the charge is that interest and the penalty.
  const interest = kind === 'regular' ? subDecimal(preview.gross, preview.units) : null;
  const early = kind === 'regular' && signOf(preview.exitLoad) > 0;
  return (
    <div className="fund-preview" data-testid="fund-preview" data-locked={locked ? 'true' : 'false'} aria-live="polite">
      {kind === 'fund' && preview.lots.length > 0 && (
        <table className="fund-lots" data-testid="fund-preview-lots">
          <caption className="sr-only">{t('funds.redeem.lotsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('funds.redeem.lotBought')}</th>
              <th scope="col">{t('funds.redeem.lotUnits')}</th>
              <th scope="col">{t('funds.redeem.lotFree')}</th>
              <th scope="col">{t('funds.redeem.lotLoad')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.lots.map((l) => (
              <tr
                key={`${l.holdingId}-${l.locked ? 'locked' : 'taken'}`}
                data-testid="fund-preview-lot"
                data-id={l.holdingId}
                data-locked={l.locked ? 'true' : 'false'}
              >
                <td>
                  {formatDate(l.buyTimeStamp)}
                  {l.locked && (
                    <span className="status-badge tone-failed fund-locked" data-testid="fund-preview-locked">
                      {t('funds.redeem.locked')}
                    </span>
                  )}
                </td>
                <td>{formatUnits(l.units)}</td>
                <td>{l.locked ? '—' : formatUnits(l.free)}</td>
                <td>{l.exitLoad !== null ? money(l.exitLoad) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="fund-lines">
        {kind === 'fund' && (
          <>
            <Figure label={t('funds.redeem.units')} testId="fund-preview-units">
              {formatUnits(preview.units)}
            </Figure>
            <Figure label={t('funds.redeem.latestNav')} testId="fund-preview-nav">
              {formatNav(preview.nav)}
            </Figure>
            <Figure label={t('funds.redeem.gross')} testId="fund-preview-gross">
              {money(preview.gross)}
            </Figure>
            <Figure label={t('funds.redeem.exitLoad')} testId="fund-preview-load">
              {charge(preview.exitLoad)}
            </Figure>
          </>
        )}
        {kind === 'current' && (
          <Figure label={t('funds.redeem.amount')} testId="fund-preview-gross">
            {money(preview.gross)}
          </Figure>
        )}
        {kind === 'regular' && (
          <>
            <Figure label={t('funds.redeem.principal')} testId="fund-preview-principal">
              {money(preview.units)}
            </Figure>
            {early ? (
              <>
                <Figure label={t('funds.redeem.forfeited')} testId="fund-preview-forfeited">
                  {money(interest)}
                </Figure>
                <Figure label={t('funds.redeem.penalty')} testId="fund-preview-penalty">
                  {charge(subDecimal(preview.exitLoad, interest))}
                </Figure>
              </>
            ) : (
              <Figure label={t('funds.redeem.interest')} testId="fund-preview-interest">
                {money(interest)}
              </Figure>
            )}
          </>
        )}
        <Figure label={t('funds.redeem.net')} testId="fund-preview-net">
          <strong>{money(preview.net)}</strong>
        </Figure>
        {kind === 'fund' && (
          <Figure label={t('funds.redeem.navDay')} testId="fund-preview-nav-day">
            {formatDay(preview.navDay)}
          </Figure>
        )}
        <Figure label={t('funds.redeem.payDay')} testId="fund-preview-pay-day">
          {preview.payDay !== null ? formatDay(preview.payDay) : t('funds.redeem.payNow')}
        </Figure>
      </dl>
      {kind === 'fund' && <p className="form-note fund-priced">{t('funds.redeem.estimateNote')}</p>}
      {locked && (
        <p className="fund-note warn" data-testid="fund-preview-locked-note">
          {t('funds.redeem.lockedNote')}
        </p>
      )}
    </div>
  );
}

/** What the preview of `units` says, once the typing has settled and the units are well formed: the sheet shows it before it may be confirmed. */
function usePreview(productId: number, units: string, ready: boolean, visible: boolean, holdingId?: number) {
  const settled = useSettled(ready ? units : '');
  const query = useQuery({ ...previewQuery(productId, settled, holdingId), enabled: visible && ready && settled !== '' });
  const current = ready && settled === units && query.data !== undefined && !query.isFetching;
  return { query, current };
}

interface FundRedeemProps {
  productId: number;
  visible: boolean;
  onClose: () => void;
}

/** Redeem units of a fund: its lots are taken oldest first; the preview shows each lot's share of the exit load. */
export function RedeemFundSheet({ productId, visible, onClose }: FundRedeemProps) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const product = useQuery({ ...detailQuery(productId), enabled: visible && productId > 0 });
  const p = product.data;
  const [units, setUnits] = useState('');
  const [all, setAll] = useState(false);
  const [error, setError] = useState('');
  const { pending, send } = useIntentSubmit(setError);
  const chosen = all ? 'all' : units;
  const formed = all || (unitsProblem(productId, units) === null && (p === undefined || compareDecimal(units, p.units) !== 1));
  const { query: preview, current } = usePreview(productId, chosen, formed, visible);

  const submit = async () => {
    if (!all) {
      const problem = unitsProblem(productId, units);
      if (problem) return setError(problem);
      if (p && compareDecimal(units, p.units) === 1) return setError(t('funds.redeem.tooMany', { units: formatUnits(p.units) }));
    }
    if (!current) return;
    setError('');
    const input = { productId, side: 'redeem' as const, units: chosen };
    await send(input, createOrder, () => {
      setUnits('');
      setAll(false);
      onClose();
      showToast(t('funds.redeem.done.fund'), 'success');
    });
  };

  const previewError = preview.isError && formed ? refusal(preview.error) : '';
  return (
    <FormSheet
      kind="fund"
      visible={visible}
      onClose={onClose}
      title={`${t('funds.redeem.title')} · ${p ? nameOf(p) : ''}`}
      testId="fund-redeem-sheet"
      onSubmit={() => void submit()}
    >
      <DecimalField
        label={t('funds.redeem.units')}
        testId="fund-units"
        value={all ? (p?.units ?? '') : units}
        disabled={all}
        onChange={(v) => {
          setUnits(v);
          setError('');
        }}
        error={error || previewError}
        hint={p ? t('funds.redeem.held', { units: formatUnits(p.units) }) : ''}
        placeholder={t('funds.redeem.unitsPlaceholder')}
      />
      <AllBox
        checked={all}
        label={t('funds.redeem.all')}
        testId="fund-redeem-all"
        onChange={(v) => {
          setAll(v);
          setError('');
        }}
      />
      <p className="form-note fund-priced">{t('funds.redeem.fifo')}</p>
      {preview.data && formed ? (
        <PreviewTable preview={preview.data} kind="fund" />
      ) : (
        <p className="form-note fund-priced" data-testid="fund-preview-none">
          {preview.isFetching ? t('common.loading') : t('funds.redeem.previewNone')}
        </p>
      )}
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} disabled={!current} data-testid="fund-redeem-submit">
        {t('funds.redeem.submit')}
      </Button>
    </FormSheet>
  );
}

interface DepositRedeemProps {
  holding: FundHolding;
  visible: boolean;
  onClose: () => void;
}

/** Redeem a deposit: an amount of a Current one (or all), a Regular one whole, with what ending it early forfeits. */
export function RedeemDepositSheet({ holding: h, visible, onClose }: DepositRedeemProps) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const regular = h.kind === 'regular';
  const [amount, setAmount] = useState('');
  const [all, setAll] = useState(regular);
  const [error, setError] = useState('');
  const { pending, send } = useIntentSubmit(setError);
  const whole = all || regular;
  const chosen = whole ? 'all' : amount;
  const formed = whole || (unitsProblem(h.productId, amount) === null && /^\d+(\.\d{1,2})?$/.test(amount) && compareDecimal(amount, h.remaining) !== 1);
  const { query: preview, current } = usePreview(h.productId, chosen, formed, visible, h.id);

  const submit = async () => {
    if (!whole) {
      const problem = amountProblem(h.productId, amount);
      if (problem) return setError(problem === 'v.enterPurchaseAmount' ? 'v.amountRule' : problem);
      if (compareDecimal(amount, h.remaining) === 1) return setError(t('funds.redeem.tooMuch', { amount: money(h.remaining) }));
    }
    if (!current) return;
    setError('');
    const input = { productId: h.productId, side: 'redeem' as const, holdingId: h.id, units: chosen };
    await send(input, createOrder, () => {
      setAmount('');
      onClose();
      showToast(t(`funds.redeem.done.${h.kind}`), 'success');
    });
  };

  const previewError = preview.isError && formed ? refusal(preview.error) : '';
  return (
    <FormSheet
      kind="fund"
      visible={visible}
      onClose={onClose}
      title={`${t(regular ? 'funds.redeem.earlyTitle' : 'funds.redeem.title')} · ${nameOf(h)}`}
      testId="fund-redeem-deposit-sheet"
      onSubmit={() => void submit()}
    >
      {regular ? (
        <>
          <p className="fund-note warn" data-testid="fund-early-note">
            {t('funds.redeem.earlyNote', { end: formatDay(h.endTimestamp), interest: money(h.interest) })}
          </p>
          {previewError && (
            <div className="field-error" role="alert" data-testid="fund-units-error">
              {previewError}
            </div>
          )}
          {error && (
            <div className="field-error" role="alert" data-testid="fund-units-error">
              {msg(error)}
            </div>
          )}
        </>
      ) : (
        <>
          <DecimalField
            label={t('funds.redeem.amount')}
            testId="fund-units"
            value={all ? h.remaining : amount}
            disabled={all}
            onChange={(v) => {
              setAmount(v);
              setError('');
            }}
            error={error || previewError}
            hint={t('funds.redeem.heldAmount', { amount: money(h.remaining) })}
            placeholder={t('funds.buy.placeholder')}
          />
          <AllBox
            checked={all}
            label={t('funds.redeem.allAmount')}
            testId="fund-redeem-all"
            onChange={(v) => {
              setAll(v);
              setError('');
            }}
          />
        </>
      )}
      {preview.data && formed ? (
        <PreviewTable preview={preview.data} kind={h.kind} />
      ) : (
        <p className="form-note fund-priced" data-testid="fund-preview-none">
          {preview.isFetching ? t('common.loading') : t('funds.redeem.previewNoneAmount')}
        </p>
      )}
      <Button
        block
        type="submit"
        color={regular ? 'danger' : 'primary'}
        size="large"
        shape="rounded"
        loading={pending}
        disabled={!current}
        data-testid="fund-redeem-submit"
      >
        {t(regular ? 'funds.redeem.earlySubmit' : 'funds.redeem.submit')}
      </Button>
    </FormSheet>
  );
}

/** A holding can be redeemed: bought, with something left. */
export const canRedeem = (h: Pick<FundHolding, 'status' | 'remaining'>) => h.status === 'bought' && signOf(h.remaining) > 0;
