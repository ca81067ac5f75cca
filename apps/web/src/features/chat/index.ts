export { chatKeys, useChatUnread } from './api';
