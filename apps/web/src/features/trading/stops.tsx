import './trading.css';
import { OrderDirection, type Position, type TrailingKind } from '@tradeapp/contract';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { DecimalField, Toggle } from '../../ui/OrderFields';
import { showToast } from '../../ui/toast';
import { refreshTrading, setStops } from './api';
import { positionPrice } from './components';

// The stops of a position (issue 18): stop-loss, take-profit and trailing stop, as optional fields
// of the order form and as the sheet that sets, changes or removes them on an open position. The
// server checks each against the exit price and the tick grid; its refusal goes under the field.

/** What the investor typed; empty fields are stops not set. */
export interface StopsDraft {
  stopLoss: string;
  takeProfit: string;
  trailingKind: TrailingKind | null;
  trailingDistance: string;
}

export const EMPTY_STOPS: StopsDraft = { stopLoss: '', takeProfit: '', trailingKind: null, trailingDistance: '' };

/** Refusals of the stops' fields: message keys or sentences, as `msg` shows them. */
export type StopsErrors = { stopLoss?: string | undefined; takeProfit?: string | undefined; trailingDistance?: string | undefined };

/** The draft as the order calls and `/position/setStops` take it: only what is set. */
export function stopsInput(d: StopsDraft) {
  return {
    ...(d.stopLoss ? { stopLoss: d.stopLoss } : {}),
    ...(d.takeProfit ? { takeProfit: d.takeProfit } : {}),
    ...(d.trailingKind && d.trailingDistance ? { trailingKind: d.trailingKind, trailingDistance: d.trailingDistance } : {}),
  };
}

/** A position's stops as a draft to edit, as the server wrote them (to the instrument's tick places). */
export function draftOf(p: Position): StopsDraft {
  const s = p.stops;
  return {
    stopLoss: s?.stopLoss ?? '',
    takeProfit: s?.takeProfit ?? '',
    trailingKind: s?.trailing?.kind ?? null,
    trailingDistance: s?.trailing?.distance ?? '',
  };
}

const TRAILING: Array<TrailingKind | null> = [null, 'price', 'percent'];

/** The three stops' fields; `exit` is the price they are checked against (for the hints). */
export function StopsFields({
  idPrefix,
  long,
  currency,
  exit,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  /** A buy: its stop-loss goes below the exit price and its take-profit above it; a sell's the other way. */
  long: boolean;
  currency: string;
  exit: string | null;
  value: StopsDraft;
  onChange: (d: StopsDraft) => void;
  errors: StopsErrors;
}) {
  const { t } = useTranslation();
  const price = exit ? positionPrice(exit) : '--';
  const set = (patch: Partial<StopsDraft>) => onChange({ ...value, ...patch });
  return (
    <>
      <DecimalField
        id={`${idPrefix}-stop-loss`}
        testId={`${idPrefix}-stop-loss`}
        noteId={`${idPrefix}-stop-loss-note`}
        label={t('trading.orders.stopLoss', { currency })}
        value={value.stopLoss}
        onChange={(v) => set({ stopLoss: v })}
        error={errors.stopLoss}
        hint={t(long ? 'trading.orders.below' : 'trading.orders.above', { price })}
      />
      <DecimalField
        id={`${idPrefix}-take-profit`}
        testId={`${idPrefix}-take-profit`}
        noteId={`${idPrefix}-take-profit-note`}
        label={t('trading.orders.takeProfit', { currency })}
        value={value.takeProfit}
        onChange={(v) => set({ takeProfit: v })}
        error={errors.takeProfit}
        hint={t(long ? 'trading.orders.above' : 'trading.orders.below', { price })}
      />
      <div className="field">
        <div className="field-label" id={`${idPrefix}-trailing-label`}>
          {t('trading.orders.trailing')}
        </div>
        <Toggle
          value={TRAILING.indexOf(value.trailingKind)}
          testPrefix={`${idPrefix}-trailing`}
          labelledBy={`${idPrefix}-trailing-label`}
          onChange={(i) => set({ trailingKind: TRAILING[i] ?? null })}
          options={[
            { value: 0, key: 'none', label: t('trading.orders.trailingNone') },
            { value: 1, key: 'price', label: t('trading.orders.trailingPrice') },
            { value: 2, key: 'percent', label: t('trading.orders.trailingPercent') },
          ]}
        />
      </div>
      {value.trailingKind && (
        <DecimalField
          id={`${idPrefix}-trailing-distance`}
          testId={`${idPrefix}-trailing-distance`}
          noteId={`${idPrefix}-trailing-distance-note`}
          label={value.trailingKind === 'price' ? t('trading.orders.distancePrice', { currency }) : t('trading.orders.distancePercent')}
          value={value.trailingDistance}
          onChange={(v) => set({ trailingDistance: v })}
          error={errors.trailingDistance}
          hint={t('trading.orders.trailingHint')}
        />
      )}
    </>
  );
}

/** The refusal of a stops call under its field, or as a toast when it names none. */
export function stopsErrorsOf(err: unknown): StopsErrors | null {
  if (!(err instanceof ApiError) || !err.fields) return null;
  const { stopLoss, takeProfit, trailingDistance } = err.fields;
  if (!stopLoss && !takeProfit && !trailingDistance) return null;
  return { stopLoss, takeProfit, trailingDistance };
}

/** The sheet that sets, changes or removes an open position's stops, all at once. */
export function StopsSheet({ position, visible, onClose }: { position: Position; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<StopsDraft>(() => draftOf(position));
  const [errors, setErrors] = useState<StopsErrors>({});
  const [pending, setPending] = useState(false);

  const save = async (d: StopsDraft) => {
    setPending(true);
    try {
      await setStops({ id: position.id, ...stopsInput(d) });
      showToast(t('trading.orders.saved'), 'success');
      await refreshTrading();
      onClose();
    } catch (err) {
      const fields = stopsErrorsOf(err);
      if (fields) setErrors(fields);
      else showToast(err instanceof Error ? err.message : String(err), 'fail');
    } finally {
      setPending(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <form
        className="sheet-form"
        noValidate
        aria-labelledby="stops-title"
        data-testid="stops-sheet"
        onSubmit={(event) => {
          event.preventDefault();
          void save(draft);
        }}
      >
        <div className="sheet-head">
          <strong id="stops-title">{t('trading.orders.editTitle')}</strong>
          <button type="button" className="link" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <p className="form-note">{t('trading.orders.advancedHint')}</p>
        <StopsFields
          idPrefix="stops"
          long={position.direction === OrderDirection.Buy}
          currency={position.currency}
          exit={position.currentPrice}
          value={draft}
          onChange={(d) => {
            setDraft(d);
            setErrors({});
          }}
          errors={errors}
        />
        <div className="stops-actions">
          <Button shape="rounded" disabled={pending} data-testid="stops-remove" onClick={() => void save(EMPTY_STOPS)}>
            {t('trading.orders.removeAll')}
          </Button>
          <Button type="submit" color="primary" shape="rounded" loading={pending} data-testid="stops-save">
            {t('trading.orders.save')}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
