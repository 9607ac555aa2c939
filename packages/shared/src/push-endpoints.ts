import type { z } from 'zod';
import type {
  PushPreferencesSchema,
  PushPreferencesUpdateSchema,
  PushPublicKeySchema,
  PushSubscribeSchema,
  PushUnsubscribeSchema,
} from './push';
import { to } from './endpoints';

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;
type Nothing = void;

/**
 * Web Push's rows of the endpoint table (decision 0053), in a module of their own as the admin
 * console's are (admin-endpoints.ts): only the settings card and the service worker's client,
 * both loaded after the first page, import them, so the home route's JavaScript does not grow.
 * apps/server/src/endpoints.test.ts checks them against the server's routes with the others.
 */
export const pushEndpoints = {
  pushPublicKey: to<Out<typeof PushPublicKeySchema>>()('GET', '/api/v1/push/public-key'),
  pushSubscribe: to<Out<typeof PushPreferencesSchema>, In<typeof PushSubscribeSchema>>()('POST', '/api/v1/me/push-subscriptions'),
  pushUnsubscribe: to<Nothing, In<typeof PushUnsubscribeSchema>>()('DELETE', '/api/v1/me/push-subscriptions'),
  pushPreferences: to<Out<typeof PushPreferencesSchema>>()('GET', '/api/v1/me/push-preferences'),
  updatePushPreferences: to<Out<typeof PushPreferencesSchema>, In<typeof PushPreferencesUpdateSchema>>()(
    'PATCH',
    '/api/v1/me/push-preferences',
  ),
} as const;
