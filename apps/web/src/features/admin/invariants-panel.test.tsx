import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { i18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { InvariantsPanel } from './invariants-panel';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

const CODES = ['token_balance_ledger', 'coupon_uses'] as const;
const answer = (violations: Partial<Record<(typeof CODES)[number], number>>) =>
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/v1/admin/invariants'
      ? json(200, {
          checkedAt: '2026-11-20T03:00:00.000Z',
          ok: Object.values(violations).every((n) => !n),
          items: CODES.map((code) => ({
            code,
            violations: violations[code] ?? 0,
            examples: violations[code] ? ['SPRING-1', 'SPRING-2'] : [],
          })),
        })
      : json(404, { error: { code: 'not_found', message: 'Not found' } }),
  );

describe('the dashboard’s invariants panel', () => {
  it('says all hold', async () => {
    answer({});
    renderRoutes([{ path: '/admin', Component: InvariantsPanel }], '/admin');
    expect((await screen.findByTestId('invariants-ok')).textContent).toContain('All 2 hold');
  });

  it('names the broken invariant with its count and examples, and only it', async () => {
    answer({ coupon_uses: 2 });
    renderRoutes([{ path: '/admin', Component: InvariantsPanel }], '/admin');
    const line = await screen.findByTestId('invariant-coupon_uses');
    expect(line.textContent).toContain('No coupon used beyond its uses: 2 violations');
    expect(line.textContent).toContain('For example: SPRING-1, SPRING-2');
    expect(screen.queryByTestId('invariant-token_balance_ledger')).toBeNull();
  });

  it('says it in Portuguese too', async () => {
    await initI18n('pt-PT');
    answer({ token_balance_ledger: 1 });
    renderRoutes([{ path: '/admin', Component: InvariantsPanel }], '/admin');
    expect((await screen.findByTestId('invariant-token_balance_ledger')).textContent).toContain(
      'Cada saldo de tokens é igual ao seu registo: 1 violação',
    );
  });
});
