import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Mailer } from './mail/mailer';

/** What every service is built from; tests build the same from their own config. */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}
