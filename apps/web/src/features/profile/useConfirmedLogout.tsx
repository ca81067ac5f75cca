import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { signOut } from '../../api/user';
import { paths } from '../../app/paths';

/** Log out after the user confirms: the session is revoked on the server, then the login page. */
export function useConfirmedLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await Dialog.confirm({
      content: t('common.logoutConfirm'),
      confirmText: <span data-testid="logout-confirm">{t('common.logout')}</span>,
      cancelText: <span data-testid="logout-cancel">{t('common.cancel')}</span>,
    });
    if (!confirmed) return;
    // Leave the signed-in page first: clearing the session under it would send it to the login
    // page with itself as the place to come back to.
    await navigate(paths.login(), { replace: true });
    await signOut();
  };
}
