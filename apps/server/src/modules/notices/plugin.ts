import { defineModule } from '../../http/host';
import { createOperatorNotices } from './operatorNotices';
import { noticesHandlers } from './routes';
import { createNotices, type Notices } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    notices: Notices;
  }
}

/** The inbox: every module's notices to investors, and the operators' broadcasts. Made first: a sign-in is a notice. */
export const noticesModule = defineModule('notices', [], async (app) => {
  const { db, hub } = app.host;
  const notices = createNotices(db, hub);
  app.decorate('notices', notices);
  app.host.routes(noticesHandlers(notices, createOperatorNotices(db, notices)));
});
