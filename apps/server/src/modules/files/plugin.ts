import { defineModule } from '../../http/host';
import { fileHandlers, registerFileDownload } from './routes';
import { createFileService } from './service';

export const filesModule = defineModule('files', ['auth'], async (app) => {
  const { db, config } = app.host;
  const files = createFileService(db, config.dataDir);
  app.host.routes(fileHandlers(files, app.auth));
  registerFileDownload(app, db, files);
});
