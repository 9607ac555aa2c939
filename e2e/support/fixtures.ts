import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { createAccount, signInWithStorage, type TestAccount } from './accounts';

/**
 * What the journeys build on: their own members, subscribers and admins (never the demo seed's
 * accounts), listings made through the API, and pages signed in as someone. Subscribers and admins
 * come from the e2e server's test hooks (SWAPU_TEST_HOOKS, loopback test servers only).
 */

export const auth = (a: { idToken: string }) => ({ authorization: `Bearer ${a.idToken}` });

/** Every field a listing needs to be published, but its title. */
export const LISTING = {
  description: 'Looked after, works perfectly. Pick up in Fitzroy or courier.',
  categories: ['bicycles'],
  keywords: ['bike'],
  cashValueCents: 30_000,
  weightKg: 9,
  lengthCm: 170,
  widthCm: 40,
  heightCm: 100,
  location: { suburb: 'Fitzroy', postcode: '3065' },
  condition: 'used-good',
  deliveryOption: 'sendle',
  openToSelling: false,
};

export type Member = TestAccount & { displayName: string };

/** A fresh member with a name (the journeys read names in sentences). */
export async function member(request: APIRequestContext, displayName = 'Alex Citizen'): Promise<Member> {
  const account = await createAccount(request);
  expect((await request.patch('/api/v1/me', { headers: auth(account), data: { displayName } })).status()).toBe(200);
  return { ...account, displayName };
}

/** A fresh member with an active subscription: sees brand-new listings at once (early access). */
export async function subscriber(request: APIRequestContext, displayName = 'Sam Subscriber'): Promise<Member> {
  const m = await member(request, displayName);
  expect((await request.post(`/api/test/accounts/${m.id}/subscription`)).status()).toBe(204);
  return m;
}

/** A fresh admin. */
export async function admin(request: APIRequestContext, displayName = 'Avery Admin'): Promise<Member> {
  const m = await member(request, displayName);
  expect((await request.post(`/api/test/accounts/${m.id}/admin`)).status()).toBe(204);
  return m;
}

/**
 * Lists an item through the API (published unless told otherwise, with e2e/fixtures/bike.jpg as its
 * photo when asked); resolves to its id.
 */
export async function listItem(
  request: APIRequestContext,
  account: { idToken: string },
  title: string,
  opts: { patch?: Record<string, unknown>; publish?: boolean; photo?: boolean } = {},
): Promise<string> {
  const created = await request.post('/api/v1/posts', { headers: auth(account), data: { ...LISTING, title, ...opts.patch } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  if (opts.photo) {
    const buffer = fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'bike.jpg'));
    const uploaded = await request.post(`/api/v1/posts/${id}/images`, {
      headers: auth(account),
      multipart: { file: { name: 'bike.jpg', mimeType: 'image/jpeg', buffer } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  if (opts.publish ?? true) expect((await request.post(`/api/v1/posts/${id}/publish`, { headers: auth(account) })).status()).toBe(200);
  return id as string;
}

/** Moves a listing's publish time back, e.g. past early access (24 h) so everyone sees it. */
export async function backdate(request: APIRequestContext, postId: string, hours: number) {
  expect((await request.post(`/api/test/posts/${postId}/backdate`, { data: { hours } })).status()).toBe(204);
}

/** A page in a fresh browser context, signed in as this account. */
export async function signedInPage(browser: Browser, account: TestAccount) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithStorage(page, account);
  return page;
}
