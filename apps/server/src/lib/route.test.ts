import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { to } from '@swapu/shared/endpoints';
import { ErrorBodySchema } from '@swapu/shared/api';
import { errorAnswers, route } from './route';

/**
 * route() registers a row of an endpoint table: the method and path come from the row, and the
 * compiler rejects a schema that does not fit it. The `@ts-expect-error` lines are the proof of
 * the second half: `npm run typecheck` fails if any of them stops being an error.
 */
const Item = z.object({ id: z.string(), title: z.string() });
const ItemBody = z.object({ title: z.string().min(1) });
const ItemQuery = z.object({ limit: z.coerce.number().int().max(50).default(10) });
const table = {
  item: to<z.output<typeof Item>>()('GET', '/api/v1/things/:id'),
  addItem: to<z.output<typeof Item>, z.input<typeof ItemBody>>()('POST', '/api/v1/things'),
  items: to<{ items: Array<z.output<typeof Item>> }, undefined, z.input<typeof ItemQuery>>()('GET', '/api/v1/things'),
  removeItem: to<void>()('DELETE', '/api/v1/things/:id'),
};
const Params = z.object({ id: z.string() });

const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
afterAll(() => app.close());

route(app, table.item, { schema: { params: Params, response: { 200: Item } } }, async (req) => ({
  id: req.params.id,
  title: 'a lamp',
}));
route(app, table.addItem, { schema: { body: ItemBody, response: { 201: Item } } }, async (req, reply) =>
  reply.status(201).send({ id: 'new', title: req.body.title }),
);
route(app, table.items, { schema: { querystring: ItemQuery, response: { 200: z.object({ items: z.array(Item) }) } } }, async (req) => ({
  items: Array.from({ length: Math.min(req.query.limit, 2) }, (_, i) => ({ id: String(i), title: 'x' })),
}));
route(app, table.removeItem, { schema: { params: Params, response: { 204: z.null() } } }, async (_req, reply) =>
  reply.status(204).send(null),
);

describe('route()', () => {
  it("registers each row at the row's method and path", async () => {
    await app.ready();
    for (const row of Object.values(table)) expect(app.hasRoute({ method: row.method, url: row.pattern })).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/v1/things/7' })).json()).toEqual({ id: '7', title: 'a lamp' });
    const added = await app.inject({ method: 'POST', url: '/api/v1/things', payload: { title: 'a chair' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ id: 'new', title: 'a chair' });
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/things/7' })).statusCode).toBe(204);
    // The schemas still validate: a bad body or query is refused before the handler.
    expect((await app.inject({ method: 'POST', url: '/api/v1/things', payload: { title: '' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/v1/things?limit=99' })).statusCode).toBe(400);
  });

  it('does not compile a schema that does not fit its row', () => {
    const noop = async () => ({ id: '1', title: 't' });
    const typeChecks = (f: typeof app) => {
      // An answer of the wrong shape.
      // @ts-expect-error the success answer does not fit the row
      route(f, table.item, { schema: { params: Params, response: { 200: z.object({ id: z.string() }) } } }, async () => ({ id: '1' }));
      // No answer schema at all, for a row with an answer.
      // @ts-expect-error the success answer does not fit the row
      route(f, table.item, { schema: { params: Params } }, noop);
      // A body schema that refuses what the web app sends (a number where the row sends a string).
      // @ts-expect-error the body schema does not accept what the row sends
      route(f, table.addItem, { schema: { body: z.object({ title: z.number() }), response: { 201: Item } } }, noop);
      // A row with a body, a route without a body schema.
      // @ts-expect-error the body schema does not accept what the row sends
      route(f, table.addItem, { schema: { response: { 201: Item } } }, noop);
      // A row with a query, a route without a query schema.
      // @ts-expect-error the query schema does not accept what the row sends
      route(f, table.items, { schema: { response: { 200: z.object({ items: z.array(Item) }) } } }, async () => ({ items: [] }));
    };
    // Never run: the lines above are checked by the compiler only.
    expect(typeof typeChecks).toBe('function');
  });
});

describe('errorAnswers', () => {
  it("lists each status it is given, and only those, answered in the catalogue's shape", () => {
    const answers = errorAnswers(400, 404, 429);
    expect(answers).toEqual({ 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema });
    expect(Object.keys(answers)).toEqual(['400', '404', '429']);
    expect(answers[404]).toBe(ErrorBodySchema);
    // @ts-expect-error a status it was not given is not in its type
    expect(answers[409]).toBeUndefined();
  });
});
