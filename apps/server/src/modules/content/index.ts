// The content module's door: what other modules, the jobs and app.ts may use of it (issue 35).
export { createContentService } from './service';
export { contentModule } from './plugin';
