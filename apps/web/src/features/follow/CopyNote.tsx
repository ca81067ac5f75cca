import '../../ui/money.css';
import './follow.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { followQuery } from './api';
import { useAgencyName } from './components';

/**
 * On a copy's position page: "copy of <agency>" with the way to its follow. The follow is asked for
 * once (its agency names the copy); until it comes, the tag says "Copy".
 */
export default function CopyNote({ followId }: { followId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAgencyName();
  const follow = useQuery({ ...followQuery(followId), refetchInterval: false });
  const name = follow.data ? nameOf(follow.data.strategy) : null;
  return (
    <div className="follow-copy-note" data-testid="detail-copy" data-follow={followId}>
      <span className="record-tag strong" data-testid="detail-copy-tag">
        {name ? t('follow.copyNote.tag', { name }) : t('follow.copy')}
      </span>
      {name && <p className="form-note">{t('follow.copyNote.text', { name })}</p>}
      <button type="button" className="link" data-testid="detail-copy-follow" onClick={() => void navigate(paths.follow.detail(followId))}>
        {t('follow.copyNote.link')}
      </button>
    </div>
  );
}
