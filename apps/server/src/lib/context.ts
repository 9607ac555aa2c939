import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '@swapu/shared/errors';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { RouteAuth } from './auth';
import type { Clock } from './clock';
import type { Hub } from './hub';
import type { Jobs } from './jobs';
import type { LoadShedding } from './load-shedding';
import type { Metrics } from './metrics';
import type { Moderator } from './moderation';
import type { SecretBox } from './secret-box';
import type { Storage } from './storage';
import type { Viewer } from './viewer';
import type { ViewerCache } from './viewer-cache';

/** What every route and service needs, built once per app. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  storage: Storage;
  /** Seals secrets kept at rest (TOTP secrets, links in the mail outbox) with the data key. */
  secrets: SecretBox;
  /** Judges uploaded listing photos (nsfwjs in-process by default). */
  moderator: Moderator;
  /** Schedules an offer's expiry job; absent when the queue does not run (tests drive expiry themselves). */
  /** The realtime hub (LISTEN/NOTIFY); null until the app is built. */
  hub: Hub | null;
  /** The process's one job queue (lib/jobs.ts), started when a module first asks for it. */
  jobs: Jobs;
  /** Signed-in accounts' state and verified tokens, kept for at most a second (lib/viewer-cache.ts). */
  viewers: ViewerCache;
  /** Shutting down (lib/shutdown.ts): /api/ready answers 503 so the balancer takes this instance out. */
  draining: boolean;
  offerExpiry?: { schedule(offerId: string, at: Date): Promise<void> };
  /** The swap chain search (modules/chains/chain-finder.ts): a like to search through, soon. */
  chainFinder?: { liked(likerId: string, postId: string): void };
  /** The Prometheus registry and request metrics (lib/metrics.ts). */
  metrics?: Metrics;
  /** Requests in flight and requests shed with 503 busy (lib/load-shedding.ts). */
  load?: LoadShedding;
  /** Open WebSocket connections to this instance (for /api/metrics); set by the realtime routes. */
  realtimeConnections?: () => number;
  /** Asks the saved-search alert sweep to run soon (after a publish); absent when the jobs do not run. */
  searchAlerts?: { kick(): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every method and path the app serves (HEAD aside), recorded as routes are added. */
    routeTable: Array<{
      method: string;
      url: string;
      /** The route's validation schemas (zod), for the fuzzing harness. */
      schema?: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: string[]; hide?: boolean };
      /** Who may call it, as the route declares (`config.auth`), checked before its input is read. */
      auth?: RouteAuth;
    }>;
  }
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** Who may call the route: checked when the request arrives, before its input is read (lib/auth.ts). */
    auth?: RouteAuth;
    /** The catalogue code a refused body answers with (app.ts; `data_invalid` when not set). */
    validationCode?: ErrorCode;
  }
}

export type App = FastifyInstance;
