import './trading.css';
import { divPrecise, plainDecimal, roundDecimal, subPrecise } from '@tradeapp/contract';
import { Button, Checkbox, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/** A share of 100 % as the reader writes it, to at most two places: 1/5 -> "20%", 1/200 -> "0.5%" (nl "0,5%"). */
const percentOf = (fraction: string) => `${formatNumber(plainDecimal(roundDecimal(divPrecise(fraction, '0.01'), 2)!))}%`;

/**
 * The risk warning of leverage above the retail cap (ESMA's, `leverageCapFor`): what leverage does
 * to a loss at the chosen leverage, when the position is liquidated, and that most private
 * investors lose money on such products, with an explicit checkbox before the investor may go on.
 * Asked once: the acknowledgement is recorded on the server.
 */
export function LeverageRiskDialog({
  visible,
  name,
  leverage,
  cap,
  lower,
  maintenanceRatio,
  pending,
  onAcknowledge,
  onLower,
  onCancel,
}: {
  visible: boolean;
  /** The instrument's name. */
  name: string;
  leverage: number;
  cap: number;
  /** The highest leverage on offer within the cap, offered instead. */
  lower: number;
  /** The trading rule's maintenance ratio: the position is liquidated when its loss reaches 1 − this of the margin. */
  maintenanceRatio: string;
  pending: boolean;
  onAcknowledge: () => void;
  onLower: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(false);
  const move = percentOf(divPrecise(1, leverage));
  const loss = percentOf(subPrecise(1, maintenanceRatio));
  const cancel = () => {
    setChecked(false);
    onCancel();
  };
  return (
    <Dialog
      visible={visible}
      onClose={cancel}
      closeOnMaskClick
      destroyOnClose
      afterClose={() => setChecked(false)}
      title={t('trading.risk.title', { cap })}
      // Over the whole screen, not inside the order sheet (a declarative Dialog renders in place by default).
      getContainer={() => document.body}
      className="wide-dialog"
      bodyClassName="risk-dialog"
      content={
        <div className="risk-body" data-testid="leverage-risk">
          <p className="risk-intro" data-testid="leverage-risk-intro">
            {t('trading.risk.intro', { leverage, cap, name })}
          </p>
          <ul className="risk-points">
            <li data-testid="leverage-risk-warning">{t('trading.risk.multiplies', { leverage, move })}</li>
            <li>{t('trading.risk.liquidation', { loss })}</li>
            <li>{t('trading.risk.retail')}</li>
          </ul>
          <p className="form-note">{t('trading.risk.simulated')}</p>
          <Checkbox className="risk-check" checked={checked} onChange={setChecked} data-testid="leverage-risk-check">
            {t('trading.risk.check')}
          </Checkbox>
          <div className="risk-actions">
            <Button block color="primary" shape="rounded" disabled={!checked} loading={pending} data-testid="leverage-risk-confirm" onClick={onAcknowledge}>
              {t('trading.risk.confirm')}
            </Button>
            <Button
              block
              fill="none"
              shape="rounded"
              data-testid="leverage-risk-lower"
              onClick={() => {
                setChecked(false);
                onLower();
              }}
            >
              {t('trading.risk.lower', { n: lower })}
            </Button>
          </div>
        </div>
      }
    />
  );
}
