import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import type { AnyEndpoint, BodyOf, QueryOf, ResponseOf } from '@swapu/shared/endpoints';

/**
 * Routes implement the endpoint table (issue 40; decision 0049). `route(app, endpoints.x, options,
 * handler)` registers a row of `packages/shared/src/endpoints.ts` (or `admin-endpoints.ts`): its
 * method and path come from the row, never written again, and the compiler rejects a schema that
 * does not fit the row:
 * - the success answer's output (200, 201, 202 or 204) must be what the row says the web app gets;
 * - what the web app sends (the row's body and query) must be input the schema accepts;
 * - a row with a body or a query needs a schema for it.
 * A mismatch shows as an error on `schema` naming which part does not fit.
 */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type SuccessCode = 200 | 201 | 202 | 204;
type SuccessSchema<S> = S extends { response: infer R } ? R[Extract<keyof R, SuccessCode>] : never;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : never;
type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

/** `true` when `A` may be used where `B` is expected (no distribution over unions). */
type Fits<A, B> = [A] extends [B] ? true : false;
type Missing = undefined | void;

type AnswerFits<E, S> = [ResponseOf<E>] extends [void]
  ? true
  : [SuccessSchema<S>] extends [never]
    ? false
    : Fits<OutputOf<SuccessSchema<S>>, ResponseOf<E>>;
type BodyFits<E, S> = [BodyOf<E>] extends [Missing] ? true : S extends { body: infer B } ? Fits<BodyOf<E>, InputOf<B>> : false;
type QueryFits<E, S> = [QueryOf<E>] extends [Missing] ? true : S extends { querystring: infer Q } ? Fits<QueryOf<E>, InputOf<Q>> : false;

/** What `schema` must also be: nothing more when it fits the row, an impossible key naming the misfit when not. */
export type FitsRow<E, S> =
  AnswerFits<E, S> extends false
    ? { 'the success answer does not fit the row of the endpoint table': ResponseOf<E> }
    : BodyFits<E, S> extends false
      ? { 'the body schema does not accept what the row of the endpoint table sends': BodyOf<E> }
      : QueryFits<E, S> extends false
        ? { 'the query schema does not accept what the row of the endpoint table sends': QueryOf<E> }
        : unknown;

type Options<S extends FastifySchema> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    unknown,
    S,
    ZodTypeProvider
  >,
  'schema'
>;

export function route<E extends AnyEndpoint, S extends FastifySchema>(
  app: ZodApp,
  endpoint: E,
  options: Options<S> & { schema: S & FitsRow<E, S> },
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    unknown,
    S,
    ZodTypeProvider
  >,
): void {
  app.route({ ...options, method: endpoint.method, url: endpoint.pattern, handler });
}

/**
 * The error answers a route file's schemas list beside their success answer, each in the
 * catalogue's shape: `response: { 200: X, ...errorsOf }` with `errorsOf = errorAnswers(400, 401, 404)`.
 */
export function errorAnswers<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof ErrorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as { [K in S[number]]: typeof ErrorBodySchema };
}
