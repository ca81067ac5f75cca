import '../../ui/money.css';
import './robots.css';
import { addDecimal, compareDecimal, decimalInput, robotAmountFits, WalletCode, zAmount, type Robot } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatAmount, formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { reportFormError } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { WALLET_LABEL } from '../wallet';
import { quotaQuery, robotsQuery, startRobot } from './api';
import { Figure, SimulatedNote, useDays, useFills, useIdParam, useRobotName, useStrategyText } from './components';

// The specification's robot rental (/pages/robotai/rental?id=&mode=): an amount within the robot's
// bounds (the contract's robotAmountFits, its message v.robotAmount), renting for a cycle or buying
// (an owned robot costs nothing), what it takes (getMiningQuota: the energy, the cost now, the
// financial wallet's available euros) and the terms, confirmed; then the robot order's page.

const money = (v: string | null | undefined) => formatInCurrency(v, 'EUR');

type Mode = 'rent' | 'buy';
interface Values {
  amount: string;
  mode: Mode;
}

/** What starting costs now besides the amount: nothing when owned, else the rent or the price. */
const costOf = (r: Robot, owned: boolean, mode: Mode) => (owned ? '0.00' : mode === 'buy' ? r.price : r.rent);

/** The terms, stated before the start and again in the confirmation. */
function Statement({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <ul className="robot-statement" data-testid={testId}>
      <li>{t('robots.rental.statementSimulated')}</li>
      <li>{t('robots.rental.statementMoney')}</li>
      <li>{t('robots.rental.statementRedeem')}</li>
    </ul>
  );
}

function RentalForm({ r, initialMode }: { r: Robot; initialMode: Mode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRobotName();
  const strategy = useStrategyText();
  const days = useDays();
  const fills = useFills();
  const intent = useIntentKey();
  const quota = useQuery(quotaQuery(r.id));
  const q = quota.data;
  const owned = q?.owned ?? r.owned;
  const form = useForm<Values>({ defaultValues: { amount: '', mode: owned ? 'buy' : initialMode } });
  const { errors, isSubmitting } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const cost = costOf(r, owned, mode);
  const valid = zAmount.safeParse(amount).success;
  const total = valid ? addDecimal(amount, cost) : null;
  const short = q !== undefined && compareDecimal(total ?? cost, q.available) === 1;
  const bounds = { min: formatAmount(r.minAmount, { grouping: true }), max: formatAmount(r.maxAmount, { grouping: true }) };

  const onSubmit = form.handleSubmit(async (values) => {
    const checked = zAmount.safeParse(values.amount);
    if (!checked.success) {
      form.setError('amount', { type: 'rule', message: checked.error.issues[0]?.message ?? 'v.enterCorrectAmount' });
      return;
    }
    if (!robotAmountFits(r, checked.data)) {
      // The contract's sentence with its bounds filled in: the same words the server would answer.
      form.setError('amount', { type: 'bounds', message: msg('v.robotAmount', bounds) });
      return;
    }
    const chosen: Mode = owned ? 'buy' : values.mode;
    const due = addDecimal(checked.data, costOf(r, owned, chosen));
    if (q && compareDecimal(due, q.available) === 1) {
      form.setError('amount', { type: 'balance', message: 'e.insufficientFunds' });
      return;
    }
    const ok = await Dialog.confirm({
      title: t('robots.rental.confirmTitle'),
      // antd's dialog is named only when told: its title is not tied to it.
      'aria-label': t('robots.rental.confirmTitle'),
      content: (
        <div data-testid="robot-confirm-summary">
          <dl className="robot-lines">
            <Figure label={t('robots.rental.robot')}>{nameOf(r)}</Figure>
            <Figure label={t('robots.order.putIn')} testId="robot-confirm-amount">
              <strong>{money(checked.data)}</strong>
            </Figure>
            <Figure label={t('robots.rental.mode')} testId="robot-confirm-mode">
              {owned ? t('robots.owned') : t(chosen === 'buy' ? 'robots.rental.buyOption' : 'robots.rental.rentOption')}
            </Figure>
            <Figure label={t('robots.rental.cost')} testId="robot-confirm-cost">
              {owned ? t('robots.rental.free') : money(costOf(r, owned, chosen))}
            </Figure>
            <Figure label={t('robots.rental.total')} testId="robot-confirm-total">
              <strong>{money(due)}</strong>
            </Figure>
            <Figure label={t('robots.rental.energy')}>{fills(q?.energy ?? r.energy)}</Figure>
            <Figure label={t('robots.rental.cycle')}>{days(q?.cycleDays ?? r.cycleDays)}</Figure>
            <Figure label={t('trading.detail.wallet')}>{t(WALLET_LABEL[WalletCode.Financial])}</Figure>
          </dl>
          <Statement testId="robot-confirm-statement" />
        </div>
      ),
      confirmText: <span data-testid="robot-confirm">{t('robots.rental.confirmYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const input = { robotId: r.id, amount: checked.data, mode: chosen };
    const key = intent.take(JSON.stringify(input));
    try {
      const order = await startRobot(input, key);
      intent.settle();
      showToast(t('robots.rental.done'), 'success');
      void navigate(paths.robots.detail(order.id), { replace: true });
    } catch (error) {
      intent.settle(error);
      void quota.refetch();
      // The server's sentence (its bounds filled in) under the amount; anything else as a toast.
      if (error instanceof ApiError && error.fields?.amount) form.setError('amount', { type: 'server', message: error.message || error.fields.amount });
      else reportFormError(error, form.setError, []);
    }
  });

  return (
    <form className="form-page robot-form" onSubmit={onSubmit} noValidate aria-labelledby="robot-rental-title">
      <section className="form-section" data-testid="robot-rental-robot" data-id={r.id}>
        <h1 className="form-section-title" id="robot-rental-title">
          {nameOf(r)}
        </h1>
        <p className="robot-sub">{strategy(r.params)}</p>
        <button type="button" className="link robot-link" data-testid="robot-rental-product" onClick={() => void navigate(paths.robots.product(r.id))}>
          {t('robots.product.howTitle')}
        </button>
      </section>

      <section className="form-section">
        <TextField
          label={t('robots.rental.amount')}
          testId="robot-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('money.amountPlaceholder')}
          registration={form.register('amount', { setValueAs: decimalInput })}
          error={errors.amount?.message}
          hint={t('robots.rental.amountHint', { min: money(r.minAmount), max: money(r.maxAmount) })}
        />
        {owned ? (
          <p className="robot-owned" data-testid="robot-owned-note">
            {t('robots.rental.ownedOption')}
          </p>
        ) : (
          <fieldset className="robot-modes" data-testid="robot-modes">
            <legend>{t('robots.rental.modeTitle')}</legend>
            <label className="robot-mode">
              <input type="radio" value="rent" data-testid="robot-mode-rent" {...form.register('mode')} />
              <span>
                {t('robots.rental.rentOption')}
                <small>{t('robots.rental.rentOptionBody', { rent: money(r.rent) })}</small>
              </span>
            </label>
            <label className="robot-mode">
              <input type="radio" value="buy" data-testid="robot-mode-buy" {...form.register('mode')} />
              <span>
                {t('robots.rental.buyOption')}
                <small>{t('robots.rental.buyOptionBody', { price: money(r.price) })}</small>
              </span>
            </label>
          </fieldset>
        )}
      </section>

      <section className="form-section" aria-labelledby="robot-quota-title" data-testid="robot-quota" aria-busy={quota.isPending || undefined}>
        <h2 className="form-section-title" id="robot-quota-title">
          {t('robots.rental.quotaTitle')}
        </h2>
        <dl className="robot-lines">
          <Figure label={t('robots.rental.energy')} testId="robot-quota-energy">
            {q ? fills(q.energy) : EMPTY_VALUE}
          </Figure>
          <Figure label={t('robots.rental.cycle')} testId="robot-quota-cycle">
            {q ? days(q.cycleDays) : EMPTY_VALUE}
          </Figure>
          <Figure label={t('robots.rental.cost')} testId="robot-quota-cost">
            {owned ? t('robots.rental.free') : money(cost)}
          </Figure>
          <Figure label={t('robots.rental.total')} testId="robot-quota-total">
            <strong>{total ? money(total) : EMPTY_VALUE}</strong>
          </Figure>
          <Figure label={t('robots.rental.available')} testId="robot-available">
            {q ? money(q.available) : EMPTY_VALUE}
          </Figure>
        </dl>
        {short && (
          <p className="robot-note warn" role="status" data-testid="robot-short">
            {t('robots.rental.short')}{' '}
            <button
              type="button"
              className="link"
              data-testid="robot-transfer"
              onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.Financial }))}
            >
              {t('robots.rental.transfer')}
            </button>
          </p>
        )}
      </section>

      <section className="form-section" aria-labelledby="robot-terms-title">
        <h2 className="form-section-title" id="robot-terms-title">
          {t('robots.rental.statementTitle')}
        </h2>
        <Statement testId="robot-statement" />
      </section>

      <div className="form-actions">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={isSubmitting}
          loadingText={t('robots.rental.submit')}
          data-testid="robot-submit"
        >
          {t('robots.rental.submit')}
        </Button>
      </div>
    </form>
  );
}

export default function RobotRentalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useIdParam();
  const mode: Mode = params.get('mode') === 'buy' ? 'buy' : 'rent';
  const query = useQuery(robotsQuery());
  const quota = useQuery(quotaQuery(id));
  const r = query.data?.list.find((x) => x.id === id);
  const browse = (
    <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="robot-rental-browse" onClick={() => void navigate(paths.robots.index())}>
      {t('robots.rental.browse')}
    </Button>
  );

  let body;
  if (id === 0 || (query.data && !r))
    body = (
      <EmptyState kind="notFound" title={id === 0 ? t('robots.rental.missing') : t('robots.product.notFound')}>
        {browse}
      </EmptyState>
    );
  else if (!r && query.isPending)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="robot-rental-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  else if (!r)
    body = (
      <EmptyState
        kind="notFound"
        title={t('robots.list.loadFailed')}
        body={query.error?.message}
        onRetry={() => void query.refetch()}
        retryTestId="robot-rental-retry"
      />
    );
  else if (r.paused)
    body = (
      <EmptyState kind="feature" title={t('robots.rental.pausedTitle')} body={t('robots.product.pausedNote')}>
        {browse}
      </EmptyState>
    );
  else
    body = (
      <>
        <SimulatedNote />
        <RentalForm key={r.id} r={r} initialMode={mode} />
      </>
    );

  return (
    <Page title={t('titles.robotRental')} className="money-page robot-page">
      <Refreshable onRefresh={() => Promise.all([query.refetch(), quota.refetch()])}>{body}</Refreshable>
    </Page>
  );
}
