import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEAL_MARKET_CODES, DEAL_MARKETS, DealStatus, isDecimal, mulPrecise, type DealExchange, type DealMarket } from '@tradeapp/contract';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Field } from '../../ui/Field';
import { formatAmount } from '../../ui/format';
import { SaveFailureAlert, useSaveFailure } from '../../ui/SaveFailure';
import { Empty, PageState, QueryState } from '../../ui/States';
import { LeaveDialog, useUnsavedChanges } from '../../ui/UnsavedChanges';
import { useEditorRoute } from '../../ui/useEditorRoute';
import { dealKeys, dealQueryOptions, EXCHANGE_LABELS, saveDeal, STATUS_LABELS, type Deal } from './api';
import { draftOf, FIELD_OF, inputOf, newDraft, sameDraft, withMarket, type DealDraft } from './draft';
import { count } from './parts';
import { formatMoment, fromZonedInput, MARKET_ZONE_NAMES, ownZone, tradingDayHint, windowHours, windowTimeHint, zoneOf } from './time';

const MARKET_LABELS: Record<DealMarket, string> = { HK: 'Hong Kong (HKD)', US: 'United States (USD)' };

/** What a typed value comes to, under its field; nothing while the value is not a number. */
function Hint({ children }: { children: ReactNode }) {
  return children ? <span className="field-hint">{children}</span> : null;
}

/** A window time on the operator's own clock, when the exchange's is another. */
function localHint(value: string, market: DealMarket): string | null {
  const zone = zoneOf(market);
  const own = ownZone();
  const at = fromZonedInput(value, zone);
  if (at === null) return null;
  return own === zone ? null : `Your time: ${formatMoment(at)}`;
}

/** A field of this form, as the server names it; the server may name others, which the form does not show. */
const isFormField = (field: string) => Object.values(FIELD_OF).includes(field);

function DealForm({ deal }: { deal: Deal | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved] = useState(() => (deal ? draftOf(deal) : newDraft()));
  const [draft, setDraft] = useState(saved);
  const { errors, setErrors, failure, clear, fail } = useSaveFailure(isFormField);
  const id = deal?.id ?? null;
  const dirty = !sameDraft(draft, saved);
  const currency = DEAL_MARKETS[draft.market].currency;
  const { blocker, allowLeaving } = useUnsavedChanges(dirty);

  const save = useMutation({
    mutationFn: () => saveDeal(id, inputOf(draft)),
    onMutate: clear,
    onSuccess: async (result) => {
      queryClient.setQueryData(dealKeys.detail(result.id), result);
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: dealKeys.audit(result.id) });
      allowLeaving();
      await navigate(`/deals/${String(result.id)}`, { replace: true });
    },
    onError: fail,
  });

  function change(patch: Partial<DealDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    const gone = new Set(Object.keys(patch).map((key) => FIELD_OF[key as keyof DealDraft]));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !gone.has(field))));
  }

  const errorOf = (key: keyof DealDraft) => errors[FIELD_OF[key]];

  /** A text input bound to one field of the form. */
  const text = (key: keyof DealDraft, props: { maxLength?: number; inputMode?: 'decimal' | 'numeric'; placeholder?: string; className?: string } = {}) => {
    const input = (control: object) => (
      <input {...control} {...props} value={draft[key]} onChange={(event) => change({ [key]: event.target.value })} data-testid={`bo-deal-${key}`} />
    );
    return input;
  };

  const shares = /^\d+$/.test(draft.publicLots) && /^\d+$/.test(draft.lotSize) ? mulPrecise(draft.publicLots, draft.lotSize) : null;
  const atTop = shares && isDecimal(draft.priceHigh) ? mulPrecise(shares, draft.priceHigh) : null;
  const title = id === null ? 'New deal' : `Edit ${saved.name}`;

  return (
    <section className="page" data-testid="bo-deal-editor">
      <Link to={id === null ? '/deals' : `/deals/${String(id)}`} className="back-link">
        ‹ {id === null ? 'IPO deals' : saved.name}
      </Link>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="muted">
            {id === null
              ? 'Announce an IPO. It opens and closes at its window’s times by itself, or when you open or close it.'
              : 'An announced deal can be changed until it opens. Every change is audited.'}
          </p>
        </div>
        <div className="page-actions">
          <span className="muted small" aria-live="polite">
            {dirty ? 'Unsaved changes' : ''}
          </span>
          <button type="button" className="btn btn-primary" onClick={() => save.mutate()} disabled={save.isPending} data-testid="bo-deal-save">
            {save.isPending ? 'Saving…' : id === null ? 'Announce deal' : 'Save changes'}
          </button>
        </div>
      </header>

      <SaveFailureAlert failure={failure} testId="bo-deal-error" />

      <div className="card card-padded">
        <h2 className="card-title">Company</h2>
        <div className="form-grid">
          <Field label="Company name" error={errorOf('name')} className="span-2">
            {text('name', { maxLength: 200, placeholder: 'Lingnan Green Energy Ltd.' })}
          </Field>
          <Field label="Market" error={errorOf('market')}>
            {(control) => (
              <select
                {...control}
                value={draft.market}
                onChange={(event) => {
                  setDraft((current) => withMarket(current, event.target.value as DealMarket));
                  setErrors(({ market: _m, exchange: _e, ...rest }) => rest);
                }}
                data-testid="bo-deal-market"
              >
                {DEAL_MARKET_CODES.map((market) => (
                  <option key={market} value={market}>
                    {MARKET_LABELS[market]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Code" error={errorOf('code')}>
            {text('code', { maxLength: 20, placeholder: draft.market === 'HK' ? '02899' : 'NRVA', className: 'mono' })}
          </Field>
          <Field label="Symbol once listed" error={errorOf('symbol')}>
            {text('symbol', { maxLength: 20, placeholder: draft.market === 'HK' ? '2899.HK' : 'NRVA', className: 'mono' })}
          </Field>
          <Field label="Exchange" error={errorOf('exchange')}>
            {(control) => (
              <select
                {...control}
                value={draft.exchange}
                onChange={(event) => change({ exchange: event.target.value as DealExchange })}
                data-testid="bo-deal-exchange"
              >
                {DEAL_MARKETS[draft.market].exchanges.map((exchange) => (
                  <option key={exchange} value={exchange}>
                    {EXCHANGE_LABELS[exchange]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="Profile (shown to investors)" error={errorOf('profile')}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={2000}
              value={draft.profile}
              onChange={(event) => change({ profile: event.target.value })}
              data-testid="bo-deal-profile"
            />
          )}
        </Field>
      </div>

      <div className="card card-padded">
        <h2 className="card-title">Offer</h2>
        <div className="form-grid">
          <Field label={`Price range, low (${currency})`} error={errorOf('priceLow')}>
            {text('priceLow', { inputMode: 'decimal', placeholder: '7.20' })}
          </Field>
          <Field label={`Price range, high (${currency})`} error={errorOf('priceHigh')}>
            {(control) => (
              <>
                {text('priceHigh', { inputMode: 'decimal', placeholder: '7.80' })(control)}
                <Hint>A fixed price: the same as the low. Subscriptions are held at the high until priced.</Hint>
              </>
            )}
          </Field>
          <Field label={`Fund raising (${currency})`} error={errorOf('fundRaising')}>
            {text('fundRaising', { inputMode: 'decimal', placeholder: '1950000000' })}
          </Field>
          <Field label="Lot size (shares per lot)" error={errorOf('lotSize')}>
            {text('lotSize', { inputMode: 'numeric', placeholder: draft.market === 'HK' ? '500' : '1' })}
          </Field>
          <Field label="Public lots" error={errorOf('publicLots')}>
            {(control) => (
              <>
                {text('publicLots', { inputMode: 'numeric', placeholder: '50000' })(control)}
                <Hint>
                  {shares &&
                    `${count(shares)} shares${atTop ? `, ${formatAmount(atTop)} ${currency} at the high` : ''}${
                      draft.market === 'HK' ? '; split equally into pools A and B' : ''
                    }`}
                </Hint>
              </>
            )}
          </Field>
          <div />
          <Field label="Fee rate (% of the allotted amount)" error={errorOf('feePercent')}>
            {(control) => (
              <>
                {text('feePercent', { inputMode: 'decimal', placeholder: '1.0085' })(control)}
                <Hint>Charged on allotted shares only. HKEX: 1.0085 (brokerage, SFC levy, trading fee, AFRC levy).</Hint>
              </>
            )}
          </Field>
          <Field label={`Handling fee per application (${currency})`} error={errorOf('handlingFee')}>
            {(control) => (
              <>
                {text('handlingFee', { inputMode: 'decimal', placeholder: '50.00' })(control)}
                <Hint>Paid when subscribing; refunded only if the deal is cancelled.</Hint>
              </>
            )}
          </Field>
        </div>
      </div>

      <div className="card card-padded">
        <h2 className="card-title">Dates</h2>
        <p className="muted small form-note">
          Dates are days on the exchange’s calendar; the window’s times are on its clock ({MARKET_ZONE_NAMES[draft.market]}). In order: prospectus, window
          opens, window closes, allotment, listing.
        </p>
        <p className="muted small form-note" data-testid="bo-deal-hours">
          The window opens and closes in the exchange’s hours on a trading day ({windowHours(draft.market, draft.opens.slice(0, 10) || draft.prospectusDate)}{' '}
          {MARKET_ZONE_NAMES[draft.market]}; a window may close at a session’s end); the allotment and the listing fall on trading days, the listing trading
          from the open.
        </p>
        <div className="form-grid">
          <Field label="Prospectus date" error={errorOf('prospectusDate')}>
            {(control) => (
              <input
                {...control}
                type="date"
                value={draft.prospectusDate}
                onChange={(event) => change({ prospectusDate: event.target.value })}
                data-testid="bo-deal-prospectusDate"
              />
            )}
          </Field>
          <Field label={`Subscription opens (${MARKET_ZONE_NAMES[draft.market]})`} error={errorOf('opens')}>
            {(control) => (
              <>
                <input
                  {...control}
                  type="datetime-local"
                  value={draft.opens}
                  onChange={(event) => change({ opens: event.target.value })}
                  data-testid="bo-deal-opens"
                />
                <Hint>{windowTimeHint(draft.market, draft.opens, 'opens') ?? localHint(draft.opens, draft.market)}</Hint>
              </>
            )}
          </Field>
          <Field label={`Subscription closes (${MARKET_ZONE_NAMES[draft.market]})`} error={errorOf('closes')}>
            {(control) => (
              <>
                <input
                  {...control}
                  type="datetime-local"
                  value={draft.closes}
                  onChange={(event) => change({ closes: event.target.value })}
                  data-testid="bo-deal-closes"
                />
                <Hint>{windowTimeHint(draft.market, draft.closes, 'closes') ?? localHint(draft.closes, draft.market)}</Hint>
              </>
            )}
          </Field>
          <Field label="Allotment date" error={errorOf('allotmentDate')}>
            {(control) => (
              <>
                <input
                  {...control}
                  type="date"
                  value={draft.allotmentDate}
                  onChange={(event) => change({ allotmentDate: event.target.value })}
                  data-testid="bo-deal-allotmentDate"
                />
                <Hint>{tradingDayHint(draft.market, draft.allotmentDate) ?? 'Once priced, the allotment runs by itself on this day.'}</Hint>
              </>
            )}
          </Field>
          <Field label="Listing date" error={errorOf('listingDate')}>
            {(control) => (
              <>
                <input
                  {...control}
                  type="date"
                  value={draft.listingDate}
                  onChange={(event) => change({ listingDate: event.target.value })}
                  data-testid="bo-deal-listingDate"
                />
                <Hint>{tradingDayHint(draft.market, draft.listingDate) ?? 'Trading starts at the exchange’s open.'}</Hint>
              </>
            )}
          </Field>
        </div>
      </div>

      <LeaveDialog blocker={blocker}>
        <p>The changes to this deal are not saved.</p>
      </LeaveDialog>
    </section>
  );
}

export function DealEditorPage() {
  const { id, valid } = useEditorRoute();
  const deal = useQuery({ ...dealQueryOptions(id ?? 0), enabled: id !== null && valid });

  if (id === null) return <DealForm deal={null} />;
  const back = (
    <Link to={valid ? `/deals/${String(id)}` : '/deals'} className="back-link">
      ‹ {valid ? 'Deal' : 'IPO deals'}
    </Link>
  );
  const frame = (content: ReactNode) => (
    <PageState back={back} title="Edit deal">
      {content}
    </PageState>
  );
  if (!valid) return frame(<Empty>No such deal.</Empty>);
  if (deal.isPending || deal.isError) return frame(<QueryState query={deal} loadingLabel="Loading deal…" />);
  if (deal.data.dealStatus !== DealStatus.Announced) {
    return frame(
      <Empty>
        {deal.data.name} is {STATUS_LABELS[deal.data.dealStatus].toLowerCase()}: only an announced deal can be edited.
      </Empty>,
    );
  }
  return <DealForm key={deal.data.id} deal={deal.data} />;
}
