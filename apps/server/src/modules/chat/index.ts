// The chat module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { type Chat } from './service';
export { chatModule } from './plugin';
