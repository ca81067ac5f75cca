import { defineModule } from '../../http/host';
import { authHandlers } from './routes';
import { createAuthService, type AuthService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

export const authModule = defineModule('auth', ['notices'], async (app) => {
  const auth = createAuthService(app.host, app.host.ends, app.notices);
  app.decorate('auth', auth);
  app.host.routes(authHandlers(auth));
});
