import { mailDesigns } from '../db/schema/index';
import { newId } from '../lib/ids';
import { adminOnly, type Case, type World } from './authorization-fixtures';

/** A fresh saved design for one actor's request. */
async function design(w: World) {
  const now = w.t.clock.now();
  const id = newId();
  await w.t.db.insert(mailDesigns).values({
    id,
    name: 'Matrix news',
    subject: 'News from the matrix',
    html: '<p>Hello from SwapU.</p>',
    text: 'Hello from SwapU.',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

const fields = { name: 'Spring swap', subject: 'Spring is here', html: '<p>Swap your winter coat.</p>' };

/** The authorization matrix's rows for the admin console's campaigns routes (issue 20). */
export const CAMPAIGN_CASES: Case[] = [
  { route: 'GET /api/v1/admin/mail-designs', request: () => ({ url: '/api/v1/admin/mail-designs' }), expect: adminOnly(200) },
  {
    route: 'POST /api/v1/admin/mail-designs',
    request: () => ({ url: '/api/v1/admin/mail-designs', payload: fields }),
    expect: adminOnly(201),
  },
  {
    route: 'POST /api/v1/admin/mail-designs/preview',
    request: () => ({ url: '/api/v1/admin/mail-designs/preview', payload: { subject: fields.subject, html: fields.html } }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/v1/admin/mail-designs/:id',
    request: async (w) => ({ url: `/api/v1/admin/mail-designs/${await design(w)}` }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/v1/admin/mail-designs/:id',
    request: async (w) => ({ url: `/api/v1/admin/mail-designs/${await design(w)}`, payload: fields }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/v1/admin/mail-designs/:id',
    request: async (w) => ({ url: `/api/v1/admin/mail-designs/${await design(w)}` }),
    expect: adminOnly(204),
  },
  {
    route: 'POST /api/v1/admin/mail-designs/:id/test',
    request: async (w) => ({ url: `/api/v1/admin/mail-designs/${await design(w)}/test` }),
    expect: adminOnly(202),
  },
  {
    route: 'GET /api/v1/admin/campaigns/audience',
    request: () => ({ url: '/api/v1/admin/campaigns/audience?kind=state&value=VIC' }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/v1/admin/campaigns', request: () => ({ url: '/api/v1/admin/campaigns' }), expect: adminOnly(200) },
  {
    // Everyone subscribed holds the cast themselves: never an empty audience.
    route: 'POST /api/v1/admin/campaigns',
    request: async (w) => ({ url: '/api/v1/admin/campaigns', payload: { designId: await design(w), audience: { kind: 'everyone' } } }),
    expect: adminOnly(201),
  },
];
