import '../../ui/money.css';
import './robots.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';

/**
 * On a robot's position page: "Robot" with the way to its robot order. The position closes by the
 * robot's rule or when the robot is redeemed, never by its owner (the server refuses).
 */
export default function RobotNote({ robotOrderId }: { robotOrderId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="robot-position-note" data-testid="detail-robot" data-robot-order={robotOrderId}>
      <span className="record-tag strong" data-testid="detail-robot-tag">
        {t('robots.positionNote.tag')}
      </span>
      <p className="form-note">{t('robots.positionNote.text', { id: robotOrderId })}</p>
      <button type="button" className="link" data-testid="detail-robot-order" onClick={() => void navigate(paths.robots.detail(robotOrderId))}>
        {t('robots.positionNote.link')}
      </button>
    </div>
  );
}
