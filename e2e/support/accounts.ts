import type { APIRequestContext, Page } from '@playwright/test';

export interface TestAccount {
  email: string;
  password: string;
  id: string;
  idToken: string;
  refreshToken: string;
}

let counter = 0;
/** A fresh account created through the identity API (each test makes its own). */
export async function createAccount(request: APIRequestContext, password = 'swapu-test-1'): Promise<TestAccount> {
  const email = `e2e-${Date.now()}-${process.pid}-${++counter}@example.com`;
  const res = await request.post('/identity/v1/accounts:signUp', {
    data: { email, password, acceptTerms: true, returnSecureToken: true },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const body = await res.json();
  return { email, password, id: body.localId, idToken: body.idToken, refreshToken: body.refreshToken };
}

/** Starts the page signed in as this account (the spec's locally stored session). */
export async function signInWithStorage(page: Page, account: TestAccount) {
  await page.addInitScript((a) => {
    // The page itself, not its frames: a sandboxed one (a mail preview) may not touch storage at all.
    if (window !== window.top) return;
    if (window.sessionStorage.getItem('e2e-seeded')) return;
    window.sessionStorage.setItem('e2e-seeded', '1');
    window.localStorage.setItem('token', a.idToken);
    window.localStorage.setItem('userId', a.id);
    window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
    window.localStorage.setItem('lastActivity', String(Date.now()));
  }, account);
}

/**
 * Reads the newest outbox mail to an address as its recipient would, through the developer mail
 * viewer of the loopback test server (the admin viewer hides secret links such as reset links).
 */
export async function latestMailTo(request: APIRequestContext, to: string, template?: string) {
  const list = await (await request.get(`/api/v1/dev/mail?to=${encodeURIComponent(to)}`)).json();
  const summary = (list.items as Array<{ id: string; template?: string | null }>).find((m) => !template || m.template === template);
  if (!summary) throw new Error(`no mail to ${to}`);
  return (await request.get(`/api/v1/dev/mail/${summary.id}`)).json() as Promise<{
    subject: string;
    text: string;
    html: string;
  }>;
}
