import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChainListSchema, ChainSchema } from '@swapu/shared/chains';
import { requireUser } from '../../lib/auth';
import { chainFor, declineChain, listMyChains, unlockChain } from './chains.service';
import { errorAnswers, route } from '../../lib/route';
import { endpoints } from '@swapu/shared/endpoints';

const Params = z.object({ id: z.string().min(1).max(64) });

/** Swap chains (issue 19, decision 0028): a member's chains, unlocking and declining one. */
export const chainRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const deps = () => ({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub });
  const errorsOf = errorAnswers(400, 401, 403, 404, 409);

  route(
    app,
    endpoints.myChains,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chains'],
        security,
        summary: 'My swap chains: those waiting to be unlocked and those settled in the last 30 days',
        response: { 200: ChainListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return listMyChains(db(), req.viewer, now());
    },
  );

  route(
    app,
    endpoints.chain,
    {
      config: { auth: 'user' },
      schema: { tags: ['chains'], security, summary: 'One of my swap chains', params: Params, response: { 200: ChainSchema, ...errorsOf } },
    },
    async (req) => {
      requireUser(req);
      return chainFor(db(), req.viewer, req.params.id, now());
    },
  );

  route(
    app,
    endpoints.unlockChain,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chains'],
        security,
        summary: 'Unlock (accept) a found chain; the last unlock turns every leg into an accepted swap',
        params: Params,
        response: { 200: ChainSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return unlockChain(deps(), req.viewer, req.params.id, now());
    },
  );

  route(
    app,
    endpoints.declineChain,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chains'],
        security,
        summary: 'Decline a found chain: it dissolves and the others are told',
        params: Params,
        response: { 200: ChainSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireUser(req);
      return declineChain(deps(), req.viewer, req.params.id, now());
    },
  );
};
