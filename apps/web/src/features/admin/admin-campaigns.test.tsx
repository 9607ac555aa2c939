import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, DesignSummary } from '@swapu/shared/campaigns';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { AdminCampaigns } from './admin-campaigns';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input) === '/api/v1/admin/campaigns')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

const design: DesignSummary = {
  id: 'd1',
  name: 'Ooshie swap day',
  subject: 'Swap day is Saturday',
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};
const campaign: Campaign = {
  id: 'c1',
  designId: 'd1',
  name: 'Ooshie swap day',
  subject: 'Swap day is Saturday',
  audience: { kind: 'state', value: 'TAS' },
  state: 'sending',
  createdAt: '2026-11-20T00:00:00.000Z',
  finishedAt: null,
  counts: { total: 5, pending: 2, queued: 2, sent: 1, failed: 0, skipped: 1 },
};

let designs: () => Response;
let campaigns: () => Response;
const renderPage = () => renderRoutes([{ path: '/admin/campaigns', Component: AdminCampaigns }], '/admin/campaigns');

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  designs = () => json(200, { items: [design] });
  campaigns = () => json(200, { items: [campaign] });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/admin/mail-designs') return designs();
    if (url === '/api/v1/admin/campaigns' && init?.method === 'POST')
      return json(201, { ...campaign, id: 'c2', counts: { ...campaign.counts, total: 3 } });
    if (url === '/api/v1/admin/campaigns') return campaigns();
    if (url === '/api/v1/admin/campaigns/audience?kind=state&value=TAS') return json(200, { count: 3 });
    if (url === '/api/v1/admin/campaigns/audience?kind=everyone') return json(200, { count: 40 });
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/campaigns', () => {
  it('lists designs (editing opens /email-edit) and campaigns with their counts', async () => {
    renderPage();
    const row = await screen.findByTestId('design-row');
    expect(row.textContent).toContain('Ooshie swap day');
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/email-edit?design=d1');
    expect(screen.getByRole('link', { name: 'New design' }).getAttribute('href')).toBe('/email-edit');
    const card = await screen.findByTestId('campaign-row');
    expect(within(card).getByTestId('campaign-state').textContent).toBe('Sending');
    expect(card.textContent).toContain('Members in Tasmania');
    for (const [key, n] of [
      ['total', '5'],
      ['pending', '2'],
      ['queued', '2'],
      ['sent', '1'],
      ['failed', '0'],
      ['skipped', '1'],
    ]) {
      expect(within(card).getByTestId(`count-${key}`).textContent).toBe(n);
    }
  });

  it('shows empty states', async () => {
    designs = () => json(200, { items: [] });
    campaigns = () => json(200, { items: [] });
    renderPage();
    expect((await screen.findByTestId('designs-empty')).textContent).toContain('No designs yet');
    expect((await screen.findByTestId('campaigns-empty')).textContent).toContain('No campaigns yet');
    expect((screen.getByRole('button', { name: 'Send campaign' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a design to an audience after showing how many it reaches and asking to confirm', { timeout: 30_000 }, async () => {
    renderPage();
    await screen.findByTestId('design-row');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send campaign' })));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('audience-count').textContent).toBe('Everyone subscribed: 40 people right now.'));
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: /Members by state/ })));
    expect(within(dialog).getByTestId('audience-count').textContent).toBe('Choose a state or territory to see how many people it reaches.');
    expect((within(dialog).getByRole('button', { name: 'Review and send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'State or territory' }));
    const tasmania = await screen.findByRole('option', { name: 'Tasmania', hidden: true });
    await act(async () => fireEvent.click(tasmania));
    await waitFor(() => expect(within(dialog).getByTestId('audience-count').textContent).toBe('Members in Tasmania: 3 people right now.'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Review and send' })));
    expect(within(dialog).getByTestId('send-confirm').textContent).toContain('“Ooshie swap day” goes to 3 people (Members in Tasmania).');
    expect(posted()).toEqual([]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 3 people' })));
    expect(posted()).toEqual([{ designId: 'd1', audience: { kind: 'state', value: 'TAS' } }]);
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    designs = () => json(403, { error: { code: 'permission_denied' } });
    campaigns = () => json(403, { error: { code: 'permission_denied' } });
    renderPage();
    expect((await screen.findByTestId('campaigns-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByRole('button', { name: 'Send campaign' })).toBeNull();
  });
});
