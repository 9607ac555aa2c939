import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutIdParamsSchema,
  CouponCreateBodySchema,
  CouponDisableBodySchema,
  CouponListQuerySchema,
  CouponListSchema,
  CouponRedeemBodySchema,
  CouponRedeemedSchema,
  CouponSchema,
  ExtraSwipesSchema,
  ReceiptIdParamsSchema,
  ReceiptListSchema,
  ReceiptSchema,
} from '@swapu/shared/money-api';
import { requireAdmin, requireUser } from '../../lib/auth';
import { enforce } from '../../lib/rate-limit';
import { accountsChanged, postChanged } from '../../lib/viewer-cache';
import { couponsCsv, createCoupons, listCoupons, redeemCoupon, setCouponDisabled } from './coupons.service';
import { getReceipt, listReceipts } from './receipts.service';
import { refundCheckout } from './refunds.service';
import { recordAudit } from '../../lib/audit';
import { buyExtraSwipes, extraSwipesOf } from '../tokens/index';
import { errorAnswers, route } from '../../lib/route';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { endpoints } from '@swapu/shared/endpoints';

/**
 * What a member buys or redeems beyond the checkout itself (decision 0024): extra swipes paid in
 * tokens, coupons (redeemed by members, made by admins), receipts, and an admin's refund. Swap
 * Assist paid in tokens is in modules/assist (assist.routes.ts).
 */
export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const db = () => app.ctx.database.db;
  const now = () => app.ctx.clock.now();
  const deps = () => ({ seller: app.ctx.config.seller, publicUrl: app.ctx.config.publicUrl });
  const errorsOf = errorAnswers(400, 401, 403, 404, 409, 429);

  route(
    app,
    endpoints.extraSwipes,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'Extra Swap Swipe right swipes bought for today (Australia/Sydney)',
        response: { 200: ExtraSwipesSchema, ...errorsOf },
      },
    },
    async (req) => extraSwipesOf(db(), requireUser(req), now()),
  );

  route(
    app,
    endpoints.buyExtraSwipes,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: '10 extra Swap Swipe right swipes for today, for 1 token',
        response: { 200: ExtraSwipesSchema, ...errorsOf },
      },
    },
    async (req) => buyExtraSwipes(db(), requireUser(req), now()),
  );

  route(
    app,
    endpoints.redeemCoupon,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'Redeem a coupon code (once per member); a one-item coupon names the item',
        body: CouponRedeemBodySchema,
        response: { 200: CouponRedeemedSchema, ...errorsOf },
      },
    },
    async (req) => {
      const userId = requireUser(req);
      await enforce(db(), 'coupon', userId, now());
      const result = await redeemCoupon(db(), userId, req.body, now());
      if (result.postId) postChanged(app.ctx, result.postId);
      return result;
    },
  );

  route(
    app,
    endpoints.receipts,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'My receipts (tax invoices and refund notes), newest first',
        response: { 200: ReceiptListSchema, ...errorsOf },
      },
    },
    async (req) => ({ items: await listReceipts(db(), requireUser(req)) }),
  );

  route(
    app,
    endpoints.receipt,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['payments'],
        security,
        summary: 'One of my receipts',
        params: ReceiptIdParamsSchema,
        response: { 200: ReceiptSchema, ...errorsOf },
      },
    },
    async (req) => getReceipt(db(), requireUser(req), req.params.id),
  );

  route(
    app,
    adminEndpoints.adminCreateCoupons,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Generate coupon codes: one (optionally my own code) or a batch',
        body: CouponCreateBodySchema,
        response: { 201: z.object({ items: z.array(CouponSchema) }), ...errorsOf },
      },
    },
    async (req, reply) => {
      const adminId = requireAdmin(req);
      // The codes and their audit row commit together.
      const items = await db().transaction(async (tx) => {
        const made = await createCoupons(tx, adminId, req.body, now());
        await recordAudit(
          tx,
          {
            actorId: adminId,
            action: 'coupon.create',
            targetType: 'coupon',
            targetId: made.length === 1 ? made[0]!.code : null,
            after: {
              type: req.body.type,
              count: made.length,
              maxUses: req.body.maxUses,
              expiresAt: req.body.expiresAt ?? null,
              codes: made.map((c) => c.code),
            },
          },
          now(),
        );
        return made;
      });
      return reply.status(201).send({ items });
    },
  );

  route(
    app,
    adminEndpoints.adminCoupons,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Coupons, newest first: code, type, used times, created on',
        querystring: CouponListQuerySchema,
        response: { 200: CouponListSchema, ...errorsOf },
      },
    },
    async (req) => {
      requireAdmin(req);
      return listCoupons(db(), req.query);
    },
  );

  route(
    app,
    adminEndpoints.adminCouponsCsv,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Every coupon as CSV',
        response: { 200: z.string(), ...errorsOf },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const csv = await couponsCsv(db());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="swapu-coupons-${now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  route(
    app,
    adminEndpoints.adminDisableCoupon,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Disable a coupon code (it redeems no more) or enable it again',
        params: z.object({ code: z.string().min(1).max(64) }),
        body: CouponDisableBodySchema,
        response: { 200: CouponSchema, ...errorsOf },
      },
    },
    async (req) => setCouponDisabled(db(), requireAdmin(req), req.params.code, req.body.disabled, now()),
  );

  route(
    app,
    adminEndpoints.adminRefund,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        summary: 'Refund a paid checkout: takes back exactly what it granted and returns the money',
        params: CheckoutIdParamsSchema,
        response: { 200: z.object({ status: z.literal('refunded') }), ...errorsOf },
      },
    },
    async (req) => {
      const adminId = requireAdmin(req);
      // The refund runs in its own (nested) transaction; its audit row commits with it.
      const { userId } = await db().transaction(async (tx) => {
        const refunded = await refundCheckout(tx, app.ctx.payments, deps(), req.params.id, now());
        await recordAudit(
          tx,
          {
            actorId: adminId,
            action: 'checkout.refund',
            targetType: 'checkout',
            targetId: req.params.id,
            before: { status: 'paid' },
            after: { status: 'refunded', userId: refunded.userId },
          },
          now(),
        );
        return refunded;
      });
      // A refunded subscription ends early access at once.
      accountsChanged(app.ctx, [userId]);
      return { status: 'refunded' as const };
    },
  );
};
