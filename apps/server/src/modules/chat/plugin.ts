import { defineModule } from '../../http/host';
import { chatHandlers } from './routes';
import { createChat, type Chat } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    chat: Chat;
  }
}

export const chatModule = defineModule('chat', [], async (app) => {
  const chat = createChat(app.host.db, app.host.hub);
  app.decorate('chat', chat);
  app.host.routes(chatHandlers(chat));
});
