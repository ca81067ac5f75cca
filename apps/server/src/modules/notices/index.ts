// The notices module's door: what other modules may use.
export { createOperatorNotices } from './operatorNotices';
export { noticesHandlers } from './routes';
export { createNotices, type NoticeKind, type Notices } from './service';
