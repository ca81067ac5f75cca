// The chat module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { chatHandlers } from './routes';
export { createChat, type Chat } from './service';
