import { type Subscription } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { EMPTY_VALUE, formatAmount, formatDateText, formatInCurrency, formatNumber, signOf } from '../../lib/format';
import { InfoLine, useExchangeClock, useLotsText } from './components';

/**
 * One subscription with the specification's IPO fields: listing date, exchange code, prospectus
 * date, fund raising, subscription deadline, price, subscription quantity, total, allotment
 * quantity, actual payment, pending payment, allotment date; with its state, what was refunded
 * (once known) and the position of the allotted shares.
 */
export function SubscriptionFields({ subscription: s, refunded }: { subscription: Subscription; refunded: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clock = useExchangeClock();
  const count = useLotsText();
  const eur = (v: string) => formatInCurrency(v, 'EUR');
  return (
    <section className="card card-pad deal-subscription" data-testid="subscription-fields" data-id={s.id} data-status={s.status}>
      <h3 className="deal-card-title">{t('deals.mine.title')}</h3>
      <dl className="deal-lines">
        <InfoLine label={t('deals.fields.quantity')} testId="subscription-quantity">
          {count.both(s.lots, s.quantity)}
        </InfoLine>
        <InfoLine
          label={s.price === s.priceHeld ? t('deals.fields.price') : t('deals.finalPrice')}
        >{`${formatNumber(s.price, { grouping: true })} ${s.currency}`}</InfoLine>
        <InfoLine label={t('deals.fields.total')} testId="subscription-total">
          {formatInCurrency(s.total, s.currency)}
        </InfoLine>
        <InfoLine label={t('deals.fields.allottedQuantity')} testId="subscription-allotted">
          {s.allottedQuantity === null ? t('deals.notYet') : count.shares(s.allottedQuantity)}
        </InfoLine>
        <InfoLine label={t('deals.fields.actualPayment')} testId="subscription-actual">
          {eur(s.actualPayment)}
          {s.allotmentFee !== null ? (
            <small>{t('deals.actualNoteAllotted', { fee: eur(s.handlingFee), allotmentFee: eur(s.allotmentFee) })}</small>
          ) : (
            signOf(s.handlingFee) > 0 && <small>{t('deals.actualNote', { fee: eur(s.handlingFee) })}</small>
          )}
        </InfoLine>
        <InfoLine label={t('deals.fields.pendingPayment')} testId="subscription-pending">
          {eur(s.pendingPayment)}
          {s.status === 'subscribed' && <small>{t('deals.pendingNote')}</small>}
        </InfoLine>
        <InfoLine label={t('deals.refunded')} testId="subscription-refunded">
          {refunded === null ? (s.status === 'subscribed' ? t('deals.notYet') : EMPTY_VALUE) : eur(refunded)}
        </InfoLine>
        <InfoLine label={t('deals.rate')}>{t('deals.rateValue', { currency: s.currency, rate: formatAmount(s.rate, { decimals: 6 }) })}</InfoLine>
        <InfoLine label={t('deals.deadline')}>
          {formatDateText(s.subscriptionDeadline)}
          <small>{clock(s.subscriptionClosesTimestamp, s.market)}</small>
        </InfoLine>
        <InfoLine label={t('deals.steps.allotment')}>{formatDateText(s.allotmentDate)}</InfoLine>
        <InfoLine label={t('deals.listingDate')}>{formatDateText(s.listingDate)}</InfoLine>
        <InfoLine label={t('deals.fields.exchange')}>{s.exchange}</InfoLine>
        <InfoLine label={t('deals.fields.prospectusDate')}>{formatDateText(s.prospectusDate)}</InfoLine>
        <InfoLine label={t('deals.fields.fundRaising')}>{formatInCurrency(s.fundRaising, s.currency)}</InfoLine>
      </dl>
      {s.positionId !== null && (
        <button
          type="button"
          className="link deal-position-link"
          data-testid="subscription-position"
          onClick={() => void navigate(paths.trading.detail(s.positionId!))}
        >
          {t('deals.viewPosition')}
        </button>
      )}
    </section>
  );
}
