import '../../ui/money.css';
import './alerts.css';
import { ALERT_DIRECTIONS, ALERT_KINDS, ALERT_MA_INTERVALS, zAlertCreate, type AlertDirection, type AlertKind, type Quote } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { paths } from '../../app/paths';
import { formatNumber, formatPercent, formatPrice } from '../../lib/format';
import { useNavigate } from '../../lib/router';
import { DecimalField, FormSheet, refusal } from '../../ui/FormSheet';
import { showToast } from '../../ui/toast';
import { createAlert } from './api';

type Interval = (typeof ALERT_MA_INTERVALS)[number];
type Errors = Partial<Record<'level' | 'percent' | 'period' | 'interval' | 'form', string>>;

/** A row of choices, one of them on (the loan's terms, the deposit's currencies look the same). */
function Choices<K extends string>({
  label,
  options,
  value,
  onChange,
  word,
  testId,
}: {
  label: string;
  options: readonly K[];
  value: K;
  onChange: (v: K) => void;
  word: (k: K) => string;
  testId: string;
}) {
  const id = useId();
  return (
    <>
      <p className="field-label" id={id}>
        {label}
      </p>
      <div className="chip-row tight" role="radiogroup" aria-labelledby={id}>
        {options.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={value === k}
            className={value === k ? 'chip active' : 'chip'}
            data-testid={`${testId}-${k}`}
            onClick={() => onChange(k)}
          >
            {word(k)}
          </button>
        ))}
      </div>
    </>
  );
}

/**
 * Set an alert on the quote's instrument: a price level, a change in the day, or a cross of a
 * moving average of its candles. Checked here with the contract's rules, then by the server (the
 * tick, a level already reached, the limit), whose sentence goes under the field it names.
 */
export default function AlertSheet({ quote, visible, onClose }: { quote: Quote; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<AlertKind>('price');
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [level, setLevel] = useState('');
  const [percent, setPercent] = useState('');
  const [period, setPeriod] = useState('20');
  const [interval, setInterval] = useState<Interval>('1d');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const input = {
      symbol: quote.symbol,
      kind,
      direction,
      ...(kind === 'price' ? { level } : {}),
      ...(kind === 'change' ? { percent } : {}),
      ...(kind === 'ma' ? { period: Number(period), interval } : {}),
    };
    const checked = zAlertCreate.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    setPending(true);
    try {
      await createAlert(input);
      onClose();
      setLevel('');
      setPercent('');
      showToast(t('alerts.sheet.done'), 'success');
    } catch (err) {
      const field = err instanceof ApiError && err.fields ? (Object.keys(err.fields)[0] as keyof Errors | undefined) : undefined;
      setErrors({ [field && field !== 'form' ? field : 'form']: refusal(err) });
    } finally {
      setPending(false);
    }
  };

  const clear = (key: keyof Errors) => setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));

  return (
    <FormSheet
      kind="alert"
      visible={visible}
      onClose={onClose}
      title={t('alerts.sheet.title', { name: quote.name })}
      testId="alert-sheet"
      onSubmit={() => void submit()}
    >
      <Choices
        label={t('alerts.sheet.kind')}
        options={ALERT_KINDS}
        value={kind}
        onChange={(k) => (setKind(k), setErrors({}))}
        word={(k) => t(`alerts.kinds.${k}`)}
        testId="alert-kind"
      />
      <Choices
        label={t('alerts.sheet.direction')}
        options={ALERT_DIRECTIONS}
        value={direction}
        onChange={(d) => (setDirection(d), setErrors({}))}
        word={(d) => t(`alerts.directions.${kind}.${d}`)}
        testId="alert-direction"
      />
      {kind === 'price' && (
        <DecimalField
          label={t('alerts.sheet.level', { currency: quote.currency })}
          testId="alert-level"
          value={level}
          onChange={(v) => (setLevel(v), clear('level'))}
          error={errors.level ?? ''}
          hint={t('alerts.sheet.levelHint', { price: formatPrice(quote.price_nominal, quote.tickSize), tick: formatNumber(quote.tickSize) })}
          placeholder={formatPrice(quote.price_nominal, quote.tickSize)}
        />
      )}
      {kind === 'change' && (
        <DecimalField
          label={t('alerts.sheet.percent')}
          testId="alert-percent"
          value={percent}
          onChange={(v) => (setPercent(v), clear('percent'))}
          error={errors.percent ?? ''}
          hint={t('alerts.sheet.percentHint', { change: formatPercent(quote.change_ratio) })}
          placeholder="2"
        />
      )}
      {kind === 'ma' && (
        <>
          <DecimalField
            label={t('alerts.sheet.period')}
            testId="alert-period"
            value={period}
            onChange={(v) => (setPeriod(v.replace(/\D/g, '')), clear('period'))}
            error={errors.period ?? ''}
            hint={t('alerts.sheet.periodHint')}
            placeholder="20"
          />
          <Choices
            label={t('alerts.sheet.interval')}
            options={ALERT_MA_INTERVALS}
            value={interval}
            onChange={setInterval}
            word={(k) => t(`alerts.intervals.${k}`)}
            testId="alert-interval"
          />
        </>
      )}
      {errors.form && (
        <p className="field-error" role="alert" data-testid="alert-error">
          {errors.form}
        </p>
      )}
      <p className="form-note">{t('alerts.sheet.note')}</p>
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="alert-submit">
        {t('alerts.sheet.submit')}
      </Button>
      <button type="button" className="link alert-list-link" data-testid="alert-open-list" onClick={() => void navigate(paths.alerts())}>
        {t('alerts.sheet.list')}
      </button>
    </FormSheet>
  );
}
