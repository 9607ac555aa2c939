import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { i18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { LaunchChecks } from './launch-checks';

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

const answer = (items: unknown[]) =>
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/v1/admin/launch-checks'
      ? json(200, { items })
      : json(404, { error: { code: 'not_found', message: 'Not found' } }),
  );

describe('the console’s launch checks', () => {
  it('warns about test mode and an untrusted proxy, naming the proxy and when it was seen', async () => {
    answer([{ code: 'test_mode' }, { code: 'untrusted_proxy', peer: '10.0.0.2', seenAt: '2026-11-20T03:00:00.000Z' }]);
    renderRoutes([{ path: '/admin', Component: LaunchChecks }], '/admin');
    expect((await screen.findByTestId('launch-check-test_mode')).textContent).toContain('Test mode is on');
    const proxy = screen.getByTestId('launch-check-untrusted_proxy');
    expect(proxy.textContent).toContain('Requests come through a proxy SwapU does not trust');
    expect(proxy.textContent).toContain('requests from 10.0.0.2 carry X-Forwarded-For');
    expect(proxy.textContent).toContain('TRUST_PROXY');
  });

  it('says it in Portuguese too', async () => {
    await initI18n('pt-PT');
    answer([{ code: 'test_mode' }]);
    renderRoutes([{ path: '/admin', Component: LaunchChecks }], '/admin');
    expect((await screen.findByTestId('launch-check-test_mode')).textContent).toContain('O modo de teste está ligado');
  });

  it('shows nothing when there is nothing to warn about', async () => {
    answer([]);
    renderRoutes([{ path: '/admin', Component: LaunchChecks }], '/admin');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('launch-checks')).toBeNull();
  });
});
