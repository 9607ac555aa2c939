import { z } from 'zod';

/**
 * What the admin console warns about a deployment (docs/decisions/0033): settings that are
 * legitimate on a staging site or a developer's machine and wrong on a live marketplace.
 * - `test_mode`: TEST_MODE is on; no money is taken and no courier comes.
 * - `untrusted_proxy`: requests arrived with X-Forwarded-For from a peer TRUST_PROXY does not trust,
 *   so every client may share the proxy's address (one person's failed sign-ins then count for all).
 */
export const LaunchCheckSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('test_mode') }),
  z.object({
    code: z.literal('untrusted_proxy'),
    /** When an instance first saw it (ISO time). */
    seenAt: z.string(),
    /** The untrusted peer's address. */
    peer: z.string(),
  }),
]);
export type LaunchCheck = z.infer<typeof LaunchCheckSchema>;

export const LaunchChecksSchema = z.object({ items: z.array(LaunchCheckSchema) });
export type LaunchChecks = z.infer<typeof LaunchChecksSchema>;
