import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard';

/** A labelled value with a copy button (bank details, addresses, references). */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="info-row copy-row">
      <span className="info-label">{label}</span>
      <span className="info-value">
        <span data-testid={testId}>{value}</span>
        <button type="button" className="copy-chip" data-testid={`${testId}-copy`} onClick={() => void copyText(value)}>
          {t('common.copy')}
        </button>
      </span>
    </div>
  );
}
