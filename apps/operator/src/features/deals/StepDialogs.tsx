import { mulDecimal, RECONFIRM_BAND, subDecimal, addDecimal } from '@tradeapp/contract';
import { useState, type SubmitEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ActionError, Dialog, DialogButtons } from '../../ui/Dialog';
import { fieldErrorsOf } from '../../ui/errors';
import { Field } from '../../ui/Field';
import { formatAmount } from '../../ui/format';
import type { Deal } from './api';
import { count } from './parts';
import { formatDay, formatMoment, zoneOf } from './time';

/** The steps confirmed with a plain "are you sure?". */
export type ConfirmStep = 'open' | 'close' | 'allot' | 'list';

interface StepDialogProps {
  deal: Deal;
  step: ConfirmStep;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** What each step does, said before it is taken: none can be undone (a deal can only be cancelled). */
export function StepDialog({ deal, step, pending, error, onConfirm, onClose }: StepDialogProps) {
  const tz = zoneOf(deal.market);
  const applications = `${count(deal.applicants)} ${deal.applicants === 1 ? 'application' : 'applications'}`;
  const content = {
    open: {
      title: 'Open subscriptions',
      confirm: 'Open now',
      body: (
        <p>
          Investors can subscribe to <strong>{deal.name}</strong> from now until {formatMoment(deal.subscriptionClosesTimestamp, tz)}. The window’s start moves
          to now, and the deal can no longer be edited.
        </p>
      ),
    },
    close: {
      title: 'Close subscriptions',
      confirm: 'Close now',
      body: (
        <p>
          <strong>{deal.name}</strong> takes no more subscriptions or changes: its window ends now instead of{' '}
          {formatMoment(deal.subscriptionClosesTimestamp, tz)}, with {applications} for {count(deal.demandLots)} lots ({deal.oversubscription}× the lots
          offered). Price it next.
        </p>
      ),
    },
    allot: {
      title: 'Run the allotment',
      confirm: 'Run allotment',
      body: (
        <p>
          A seed is drawn and the {applications} of <strong>{deal.name}</strong> are balloted for {count(deal.publicLots)} lots at{' '}
          {formatAmount(deal.finalPrice)} {deal.currency}. Allotted shares become positions and the rest of each hold is refunded; the basis of allotment is
          published. Only cancelling the deal gives it back.
        </p>
      ),
    },
    list: {
      title: `List ${deal.symbol}`,
      confirm: 'List now',
      body: (
        <p>
          <strong>{deal.symbol}</strong> joins the market and trades from the exchange’s next open, instead of on {formatDay(deal.listingDate)}. The allotted
          positions can then be sold.
        </p>
      ),
    },
  }[step];
  return (
    <ConfirmDialog title={content.title} confirmLabel={content.confirm} pending={pending} error={error} onConfirm={onConfirm} onClose={onClose}>
      {content.body}
    </ConfirmDialog>
  );
}

interface PriceDialogProps {
  deal: Deal;
  pending: boolean;
  error: unknown;
  onConfirm: (finalPrice: string) => void;
  onClose: () => void;
}

/** The final price, typed and confirmed in one dialog; the server's refusal shows on the field. */
export function PriceDialog({ deal, pending, error, onConfirm, onClose }: PriceDialogProps) {
  const [price, setPrice] = useState('');
  const [edited, setEdited] = useState(false);
  const fieldError = edited ? undefined : fieldErrorsOf(error).finalPrice;
  const missing = price.trim() === '';
  const [touched, setTouched] = useState(false);
  const band = {
    low: subDecimal(deal.priceLow, mulDecimal(deal.priceLow, RECONFIRM_BAND, 4)),
    high: addDecimal(deal.priceHigh, mulDecimal(deal.priceHigh, RECONFIRM_BAND, 4)),
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (missing || pending) return;
    setEdited(false);
    onConfirm(price.trim());
  }

  return (
    <Dialog
      title="Set the final price"
      onClose={pending ? () => undefined : onClose}
      footer={<DialogButtons type="submit" form="deal-price" onCancel={onClose} pending={pending} label="Fix the price" />}
    >
      <form id="deal-price" onSubmit={onSubmit} noValidate>
        <p>
          The offer price of <strong>{deal.name}</strong>, fixed for good: allotted shares are paid at it. The range was {formatAmount(deal.priceLow)}–
          {formatAmount(deal.priceHigh)} {deal.currency}.
        </p>
        <p className="small">
          {deal.market === 'HK'
            ? `Hong Kong: at most the top of the range (${formatAmount(deal.priceHigh)}), at which the money was held.`
            : `United States: above ${formatAmount(deal.priceHigh)} or outside ${formatAmount(band.low)}–${formatAmount(band.high)}, the offers concerned must be reconfirmed by the investors before the allotment.`}
        </p>
        <Field label={`Final price (${deal.currency})`} error={fieldError ?? (touched && missing ? 'Please enter the final price' : null)}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              autoFocus
              value={price}
              placeholder={deal.priceHigh}
              onChange={(event) => {
                setPrice(event.target.value);
                setEdited(true);
              }}
              data-testid="bo-deal-final-price"
            />
          )}
        </Field>
        {!fieldError && <ActionError error={edited ? null : error} />}
      </form>
    </Dialog>
  );
}
