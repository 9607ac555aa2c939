import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@swapu/shared/api';
import {
  AudienceCountSchema,
  AudienceQuerySchema,
  audienceOf,
  CampaignCreateBodySchema,
  CampaignListSchema,
  CampaignSchema,
  DesignBodySchema,
  DesignIdParamsSchema,
  DesignListSchema,
  DesignPreviewBodySchema,
  DesignPreviewSchema,
  DesignSchema,
  DesignTestResultSchema,
} from '@swapu/shared/campaigns';
import { requireAdmin } from '../../lib/auth';
import { errors } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import {
  countAudience,
  createCampaign,
  createDesign,
  deleteDesign,
  getDesign,
  listCampaigns,
  listDesigns,
  previewDesign,
  sendDesignTest,
  updateDesign,
} from './campaigns.service';
import { errorAnswers, route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';

/**
 * The admin console's campaigns (issue 20): email designs (/email-edit) saved, previewed and
 * test-sent to oneself, and campaigns that send a design to an audience through the outbox at a
 * throttled rate (campaign-sender.ts). Admins only; every change is in the audit log.
 */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const tags = ['admin'];
  const security = [{ bearerAuth: [] }];
  const errorsOf = errorAnswers(400, 401, 403, 404);

  route(
    app,
    adminEndpoints.adminDesigns,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Saved email designs, the most recently edited first',
        response: { 200: DesignListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { items: await listDesigns(db()) };
    },
  );

  route(
    app,
    adminEndpoints.adminCreateDesign,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save a new email design (design name, mail subject and user mail cannot be empty); its HTML is sanitised',
        body: DesignBodySchema,
        response: { 201: DesignSchema, ...errorsOf },
      },
    },
    async (req, reply) => {
      const adminId = requireAdmin(req);
      return reply.status(201).send(await createDesign(db(), adminId, req.body, now()));
    },
  );

  route(
    app,
    adminEndpoints.adminPreviewDesign,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The mail as a recipient would get it (sanitised, in SwapU’s layout); nothing is saved',
        body: DesignPreviewBodySchema,
        response: { 200: DesignPreviewSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      const language = req.headers['accept-language']?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US';
      return previewDesign(req.body, language, app.ctx.config.publicUrl);
    },
  );

  route(
    app,
    adminEndpoints.adminDesign,
    {
      config: { auth: 'admin' },
      schema: { tags, security, summary: 'One email design', params: DesignIdParamsSchema, response: { 200: DesignSchema, ...errorsOf } },
    },
    async (req) => {
      requireAdmin(req);
      return getDesign(db(), req.params.id);
    },
  );

  route(
    app,
    adminEndpoints.adminUpdateDesign,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save an email design’s new name, subject and body',
        params: DesignIdParamsSchema,
        body: DesignBodySchema,
        response: { 200: DesignSchema, ...errorsOf },
      },
    },
    async (req) => {
      const adminId = requireAdmin(req);
      return updateDesign(db(), adminId, req.params.id, req.body, now());
    },
  );

  route(
    app,
    adminEndpoints.adminDeleteDesign,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Delete an email design (campaigns sent with it keep their copy)',
        params: DesignIdParamsSchema,
        response: { 204: z.null(), ...errorsOf },
      },
    },
    async (req, reply) => {
      const adminId = requireAdmin(req);
      await deleteDesign(db(), adminId, req.params.id, now());
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    adminEndpoints.adminTestDesign,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Send a saved design to my own address, as a recipient would get it',
        params: DesignIdParamsSchema,
        response: { 202: DesignTestResultSchema, ...errorsOf, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const adminId = requireAdmin(req);
      await enforce(db(), 'campaignTest', adminId, now());
      return reply.status(202).send(await sendDesignTest(db(), adminId, req.params.id, now(), app.ctx.config.publicUrl));
    },
  );

  route(
    app,
    adminEndpoints.adminAudienceCount,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'How many addresses an audience has now (unsubscribed ones never count)',
        querystring: AudienceQuerySchema,
        response: { 200: AudienceCountSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      const audience = audienceOf(req.query);
      if (!audience) throw errors.badRequest('data_invalid', { value: 'invalid' });
      return { count: await countAudience(db(), audience, now()) };
    },
  );

  route(
    app,
    adminEndpoints.adminCampaigns,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Campaigns, newest first, with their recipients pending, queued, sent, failed and skipped',
        response: { 200: CampaignListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      return { items: await listCampaigns(db()) };
    },
  );

  route(
    app,
    adminEndpoints.adminCreateCampaign,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Send a saved design to an audience: its recipients go into the outbox at CAMPAIGN_RATE_PER_MINUTE',
        body: CampaignCreateBodySchema,
        response: { 201: CampaignSchema, ...errorsOf, 409: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const adminId = requireAdmin(req);
      return reply.status(201).send(await createCampaign(db(), adminId, req.body, now()));
    },
  );
};
