import type { MyReliability, ReliabilityList, ReliabilityQuerySchema } from './reliability-api';
import type { z } from 'zod';
import { to } from './endpoints';

type In<S extends z.ZodType> = z.input<S>;

/**
 * The reliability badges' rows of the endpoint table (decision 0052), in a module of their own as
 * the admin console's are (admin-endpoints.ts): only the profile and offer pages' badges, both
 * loaded after the first page, import them, so the home route's JavaScript does not grow.
 * apps/server/src/endpoints.test.ts checks them against the server's routes with the others.
 */
export const reliabilityEndpoints = {
  /** A page asks for all the members it shows at once. */
  reliability: to<ReliabilityList, undefined, In<typeof ReliabilityQuerySchema>>()('GET', '/api/v1/reliability'),
  myReliability: to<MyReliability>()('GET', '/api/v1/me/reliability'),
} as const;
