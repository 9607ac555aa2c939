import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from './clock';
import type { Storage } from './storage';
import type { Viewer } from './viewer';

/** What every route and service needs, built once per app. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export type App = FastifyInstance;
