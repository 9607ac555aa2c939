import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fairness } from '@swapu/shared/fairness';
import { initI18n } from '../../i18n/index';
import { i18n } from '../../i18n/instance';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { FairSwapMeter } from './fair-swap-meter-lazy';
import type { FairnessSource } from './use-fairness';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const answer: Fairness = {
  yours: {
    party: 'offerer',
    items: [{ postId: 's1', title: 'Cordless drill', statedCents: 15_000, estimateCents: 9_000, comparables: 12 }],
    cashCents: 1_000,
    statedCents: 16_000,
    marketCents: 10_000,
  },
  theirs: {
    party: 'owner',
    items: [{ postId: 'b1', title: 'Road bike', statedCents: 30_000, estimateCents: null, comparables: 3 }],
    cashCents: 0,
    statedCents: 30_000,
    marketCents: 30_000,
  },
  verdict: 'in_your_favour',
  differenceCents: 20_000,
  toleranceCents: 3_000,
};

const render = (source: FairnessSource) => renderRoutes([{ path: '*', element: <FairSwapMeter source={source} /> }], '/');

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'ana');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await i18n.changeLanguage('en-US');
});

describe('the fair-swap meter', () => {
  it('shows both sides, each item’s estimate or "not enough data", and the verdict with the difference', async () => {
    fetchMock.mockResolvedValue(json(200, answer));
    render({ kind: 'offer', offerId: 'o1' });
    expect((await screen.findByTestId('fairness-verdict')).textContent).toBe('In your favour by A$200');
    const yours = screen.getByTestId('fairness-yours');
    expect(within(yours).getByText('You give')).toBeTruthy();
    expect(within(yours).getByText('A$100 at market value')).toBeTruthy();
    expect(within(yours).getByText('Stated: A$160')).toBeTruthy();
    expect(within(yours).getByText('Stated A$150 · Market A$90')).toBeTruthy();
    expect(within(yours).getByText('Based on 12 similar items')).toBeTruthy();
    expect(within(yours).getByText('Cash')).toBeTruthy();
    const theirs = screen.getByTestId('fairness-theirs');
    expect(within(theirs).getByTestId('fairness-not-enough').textContent).toBe('Not enough data (only 3 similar items)');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/offers/o1/fairness');
  });

  it('explains itself on a tap, to a screen reader too', async () => {
    fetchMock.mockResolvedValue(json(200, { ...answer, verdict: 'fair', differenceCents: 0 }));
    render({ kind: 'offer', offerId: 'o1' });
    expect((await screen.findByTestId('fairness-verdict')).textContent).toBe('Fair');
    const how = screen.getByRole('button', { name: 'How is this worked out?' });
    expect(how.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(how));
    // A dialog named by its heading, which the button controls (its transition keeps it display:none in happy-dom).
    const explained = await screen.findByTestId('fairness-explained');
    expect(explained.getAttribute('role')).toBe('dialog');
    expect(how.getAttribute('aria-controls')).toBe(explained.id);
    expect(document.getElementById(explained.getAttribute('aria-labelledby')!)?.textContent).toBe('How is this worked out?');
    expect(how.getAttribute('aria-expanded')).toBe('true');
    expect(explained.textContent).toContain('up to 100 of them');
    expect(explained.textContent).toContain('fewer than 5 similar items');
    expect(explained.textContent).toContain('within 10% of the larger one, or within A$10');
    await act(async () => fireEvent.click(within(explained).getByRole('button', { name: 'Close', hidden: true })));
    expect(how.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks about a draft with its terms', async () => {
    fetchMock.mockResolvedValue(json(200, answer));
    render({ kind: 'draft', postId: 'p9', terms: { itemIds: ['s1', 's2'], cashKind: 'add', cashCents: 1_000 } });
    await screen.findByTestId('fairness-verdict');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/posts/p9/fairness?items=s1%2Cs2&cashKind=add&cashCents=1000');
  });

  it('says it is not available when it fails, and nothing else changes', async () => {
    fetchMock.mockResolvedValue(json(403, { error: { code: 'permission_denied', message: 'Permission Denied' } }));
    render({ kind: 'offer', offerId: 'o1' });
    expect((await screen.findByTestId('fairness-unavailable')).textContent).toBe(
      "The fair-swap meter isn't available right now. Your offer isn't affected.",
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('speaks European Portuguese', async () => {
    await i18n.changeLanguage('pt-PT');
    fetchMock.mockResolvedValue(json(200, { ...answer, verdict: 'in_their_favour' }));
    render({ kind: 'offer', offerId: 'o1' });
    expect((await screen.findByTestId('fairness-verdict')).textContent).toMatch(/^A favor do outro membro por 200/);
    expect(screen.getByText('Com base em 12 artigos semelhantes')).toBeTruthy();
    expect(screen.getByTestId('fairness-not-enough').textContent).toBe('Dados insuficientes (apenas 3 artigos semelhantes)');
  });
});
