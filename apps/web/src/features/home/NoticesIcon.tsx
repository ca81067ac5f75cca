import { Badge } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useUnreadCount } from '../notices';

/** The notices shortcut's icon with the unread count: a signed-in reader's only, so loaded only for them. */
export default function NoticesIcon({ icon }: { icon: ReactNode }) {
  const unread = useUnreadCount();
  if (unread <= 0) return icon;
  return (
    <Badge content={unread > 99 ? '99+' : unread} data-testid="home-notices-badge">
      {icon}
    </Badge>
  );
}
