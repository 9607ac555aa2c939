import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Leaderboard, LeaderboardRow } from '@swapu/shared/engagement';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import LeaderboardPage from './leaderboard';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const row = (i: number, points: number, rank = i + 1): LeaderboardRow => ({
  rank,
  userId: `u${i}`,
  displayName: `Swapper ${i}`,
  avatarUrl: null,
  points,
});
/** 50 members; the 4th and 5th tie. */
const TOP = Array.from({ length: 50 }, (_, i) => (i === 4 ? row(i, 1000 - 30, 4) : row(i, 1000 - 10 * i)));
/** A board (the first five of the top unless told otherwise: fifty rows are slow to draw in happy-dom). */
const board = (period: Leaderboard['period'], patch: Partial<Leaderboard> = {}): Leaderboard => ({
  period,
  key: period === 'all' ? 'all' : period === 'week' ? 'week:2026-W47' : 'month:2026-11',
  items: TOP.slice(0, 5),
  me: null,
  ...patch,
});
const ME = { id: 'me1', displayName: 'Olivia Harper', avatarUrl: null };

let answer: (period: string) => Response;
const asked = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/v1/leaderboard'));
const renderPage = (path = '/leaderboard') =>
  renderRoutes(
    [
      { path: '/leaderboard', Component: LeaderboardPage },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );

function signIn() {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', ME.id);
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.clear();
  restoreSession();
  fetchMock.mockReset();
  answer = (period) => json(200, board(period as Leaderboard['period']));
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/leaderboard') return answer(url.searchParams.get('period') ?? 'week');
    if (url.pathname === '/api/v1/me')
      return json(200, { ...ME, email: 'olivia@example.com', role: 'user', bio: '', interests: [], language: 'en-US' });
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Fifty Mantine rows take a while to draw in happy-dom on a busy machine.
describe('/leaderboard', { timeout: 15_000 }, () => {
  it('shows a skeleton, then the week’s top 50 with their points, a tie sharing its rank; a guest is asked to sign in', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    fetchMock.mockImplementationOnce(async () => {
      await held;
      return json(200, board('week', { items: TOP }));
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeTruthy();
    expect(screen.getByTestId('leaderboard-loading')).toBeTruthy();
    await act(async () => release());
    const list = await screen.findByRole('list', { name: 'Top members by points' });
    const rows = within(list).getAllByTestId('leaderboard-row');
    expect(rows).toHaveLength(50);
    expect(rows[0]!.textContent).toContain('Rank 1');
    expect(rows[0]!.textContent).toContain('Swapper 0');
    expect(rows[0]!.textContent).toContain('1,000 points');
    expect(rows[3]!.textContent).toContain('Rank 4');
    expect(rows[4]!.textContent).toContain('Rank 4'); // a tie shares the rank
    expect(screen.getByTestId('leaderboard-sign-in').textContent).toContain('Sign in to see your own rank.');
    expect(screen.queryByTestId('my-rank')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Week', selected: true })).toBeTruthy();
    expect(asked()).toEqual(['/api/v1/leaderboard?period=week']);
  });

  it('marks my own row when I am in the top 50', async () => {
    signIn();
    answer = () =>
      json(200, board('week', { items: [...TOP.slice(0, 2), { ...row(2, 980), userId: ME.id }], me: { rank: 3, points: 980 } }));
    renderPage();
    const mine = await screen.findByTestId('leaderboard-me');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine.textContent).toContain('Rank 3');
    expect(mine.textContent).toContain('You');
    expect(screen.getByTestId('my-rank-value').textContent).toBe('#3');
    expect(screen.queryByTestId('leaderboard-sign-in')).toBeNull();
  });

  it('shows my rank and points under the list when I am not in the top 50', async () => {
    signIn();
    answer = () => json(200, board('month', { me: { rank: 1234, points: 15 } }));
    renderPage('/leaderboard?period=month');
    const mine = await screen.findByTestId('leaderboard-me');
    expect(screen.getByRole('tab', { name: 'Month', selected: true })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Top members by points' })).queryByTestId('leaderboard-me')).toBeNull();
    expect(mine.textContent).toContain('Rank 1234');
    expect(mine.textContent).toContain('15 points');
    expect(await within(mine).findByText('Olivia Harper')).toBeTruthy();
    expect(screen.getByTestId('my-rank-value').textContent).toBe('#1234');
    expect(asked()).toEqual(['/api/v1/leaderboard?period=month']);
  });

  it('says how to get on the board when I have no points in the period', async () => {
    signIn();
    answer = () => json(200, board('all', { me: { rank: null, points: 0 } }));
    renderPage('/leaderboard?period=all');
    expect((await screen.findByTestId('my-rank')).textContent).toContain('No points yet in this period');
    expect(screen.queryByTestId('leaderboard-me')).toBeNull();
  });

  it('asks for another period when its tab is chosen', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Top members by points' });
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'All time' })));
    expect(await screen.findByText('Every point since SwapU began')).toBeTruthy();
    await screen.findByRole('list', { name: 'Top members by points' });
    expect(asked()).toEqual(['/api/v1/leaderboard?period=week', '/api/v1/leaderboard?period=all']);
  });

  it('invites the first listing when nobody has points yet', async () => {
    answer = () => json(200, board('week', { items: [] }));
    renderPage();
    const empty = await screen.findByTestId('leaderboard-empty');
    expect(empty.textContent).toContain('Nobody has points yet');
    expect(within(empty).getByRole('link', { name: 'List an item' }).getAttribute('href')).toBe('/create');
  });

  it('offers a retry when the board cannot be loaded', async () => {
    let fail = true;
    answer = (period) => (fail ? json(500, { error: { code: 'generic' } }) : json(200, board(period as Leaderboard['period'])));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('list', { name: 'Top members by points' })).toBeTruthy();
  });
});
