// The notices module's door: what other modules may use.
export { createNotices, type NoticeKind, type Notices } from './service';
export { noticesModule } from './plugin';
