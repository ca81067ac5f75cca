export { noticeKeys, useUnreadCount } from './api';
