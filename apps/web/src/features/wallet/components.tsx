import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../ui/records';
import { TRANSFER_STATUS } from './labels';

export function TransferBadge({ status, testId }: { status: 0 | 1 | 2 | 3; testId?: string }) {
  const { t } = useTranslation();
  const item = TRANSFER_STATUS[status];
  return (
    <StatusBadge tone={item.tone} testId={testId} status={status}>
      {t(item.label)}
    </StatusBadge>
  );
}
