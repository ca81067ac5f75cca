// The content module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { registerHelpPages } from './help';
export { contentHandlers } from './routes';
export { createContentService } from './service';
