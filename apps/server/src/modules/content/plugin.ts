import { defineModule } from '../../http/host';
import { registerHelpPages } from './help';
import { contentHandlers } from './routes';
import { createContentService } from './service';

export const contentModule = defineModule('content', [], async (app) => {
  const content = createContentService(app.host.db, app.host.config);
  await content.seed();
  app.host.step('seed operator and content');
  app.host.routes(contentHandlers(content));
  registerHelpPages(app, content.articles);
});
