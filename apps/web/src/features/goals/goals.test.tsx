import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyPost, PostCard } from '@swapu/shared/api';
import { GOAL_COMPLETED_POINTS, GoalBodySchema, type DeckCard, type Goal } from '@swapu/shared/engagement';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { GoalCard } from './goal-card';
import { GoalForm } from './goal-form';
import { holdingOf, parseDollars } from './goal-holding';
import { GOAL_RULES } from '@swapu/shared/goal-rules';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init!.body)) as unknown }));

const card = (id: string, title: string, cashValueCents: number): PostCard => ({
  id,
  title,
  cashValueCents,
  condition: 'used-good',
  categories: ['bicycles'],
  suburb: 'Fitzroy',
  auState: 'VIC',
  openToSelling: false,
  openToSwapAnything: false,
  thumbUrl: null,
  thumbSrcSet: null,
  publishedAt: '2026-11-01T00:00:00.000Z',
  boosted: false,
});
const myPost = (c: PostCard, state: MyPost['state'] = 'published'): MyPost => ({
  ...c,
  state,
  updatedAt: c.publishedAt,
  likeCount: 0,
  boostedUntil: null,
  swapAssistUntil: null,
});
const BIKE = card('bike', 'Road bike', 30_000);
const KAYAK = card('kayak', 'Sea kayak', 45_000);
const CAR = card('car', 'Small hatchback', 90_000);
const aGoal = (patch: Partial<Goal> = {}): Goal => ({
  id: 'g1',
  name: 'A car by summer',
  goalItem: 'A small hatchback',
  goalCategory: 'cars',
  goalKeywords: [],
  goalValueCents: 80_000,
  state: 'active',
  showOnProfile: false,
  start: BIKE,
  current: BIKE,
  progress: 30_000 / 80_000,
  steps: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  completedAt: null,
  ...patch,
});
const suggestion = (c: PostCard): DeckCard => ({
  ...c,
  distanceKm: 4,
  score: 80,
  reasons: [{ kind: 'wants_yours', category: 'bicycles' }],
  ownerId: 'ben',
  ownerName: 'Ben',
});

let suggestions: DeckCard[] = [];
beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/me/goals' && init?.method === 'POST') return json(201, aGoal());
    if (url.endsWith('/suggestions')) return json(200, { items: suggestions });
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the goal form', { timeout: 15_000 }, () => {
  const renderForm = (items: MyPost[], onDone = vi.fn()) => {
    renderRoutes([{ path: '/', element: <GoalForm items={items} onDone={onDone} /> }]);
    return onDone;
  };

  it('checks the limits the server’s schema is built from', () => {
    expect(GOAL_RULES.completedPoints).toBe(GOAL_COMPLETED_POINTS);
    const body = { name: 'x', goalItem: 'y', startPostId: 'p', goalValueCents: GOAL_RULES.valueMinCents };
    expect(GoalBodySchema.safeParse(body).success).toBe(true);
    expect(GoalBodySchema.safeParse({ ...body, goalValueCents: GOAL_RULES.valueMinCents - 1 }).success).toBe(false);
    expect(GoalBodySchema.safeParse({ ...body, goalValueCents: GOAL_RULES.valueMaxCents }).success).toBe(true);
    expect(GoalBodySchema.safeParse({ ...body, goalValueCents: GOAL_RULES.valueMaxCents + 1 }).success).toBe(false);
  });

  it('says what is missing in the catalogue’s words and sends nothing', async () => {
    renderForm([myPost(BIKE), myPost(KAYAK)]);
    const submit = await screen.findByRole('button', { name: 'Set goal' });
    await act(async () => fireEvent.click(submit));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'Please enter valid name',
      'Data invalid',
      'Please enter valid cash value',
      'Choose one of your published items to start from.',
    ]);
    expect(posted()).toEqual([]);
  });

  it('refuses a goal value that is not above the start item’s', async () => {
    renderForm([myPost(BIKE)]);
    fireEvent.change(await screen.findByLabelText(/Goal name/), { target: { value: 'A car' } });
    fireEvent.change(screen.getByLabelText(/Goal item/), { target: { value: 'A hatchback' } });
    fireEvent.change(screen.getByLabelText(/Goal cash value/), { target: { value: '300' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set goal' })));
    expect(screen.getByRole('alert').textContent).toBe("The goal value must be more than your start item's value (A$300).");
    expect(posted()).toEqual([]);
  });

  it('sets a goal from my only item, the value typed in dollars, and closes', async () => {
    const onDone = renderForm([myPost(BIKE)]);
    fireEvent.change(await screen.findByLabelText(/Goal name/), { target: { value: '  A car by summer ' } });
    fireEvent.change(screen.getByLabelText(/Goal item/), { target: { value: 'A small hatchback' } });
    fireEvent.change(screen.getByLabelText(/Goal cash value/), { target: { value: '1,250.50' } });
    fireEvent.click(screen.getByLabelText('Show this goal on my profile'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set goal' })));
    expect(posted()).toEqual([
      {
        url: '/api/v1/me/goals',
        body: {
          name: 'A car by summer',
          goalItem: 'A small hatchback',
          goalCategory: null,
          goalKeywords: [],
          goalValueCents: 125_050,
          startPostId: 'bike',
          showOnProfile: true,
        },
      },
    ]);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});

describe('a goal card', { timeout: 15_000 }, () => {
  const renderCard = (goal: Goal, mine: MyPost[]) => renderRoutes([{ path: '/', element: <GoalCard goal={goal} mine={mine} /> }]);

  it('shows the value held of the goal value, the path so far, and suggestions with a one-tap offer of my listing of the item', async () => {
    suggestions = [suggestion(card('tent', 'Family tent', 54_000))];
    const again = myPost({ ...KAYAK, id: 'kayak-2', title: 'Sea Kayak!', publishedAt: '2026-11-10T00:00:00.000Z' });
    const goal = aGoal({
      current: KAYAK,
      progress: 45_000 / 80_000,
      steps: [{ offerId: 'o1', from: BIKE, to: KAYAK, valueCents: 45_000, at: '2026-11-05T00:00:00.000Z' }],
    });
    renderCard(goal, [myPost(BIKE, 'swapped'), again]);
    expect(screen.getByTestId('goal-progress-value').textContent).toBe('A$450 of A$800');
    expect(screen.getByTestId('goal-current').textContent).toBe('Sea kayak');
    expect(screen.getAllByTestId('goal-step').map((s) => s.textContent)).toEqual([expect.stringContaining('Road bike → Sea kayak')]);
    const offer = await screen.findByRole('link', { name: 'Offer Sea Kayak!' });
    expect(offer.getAttribute('href')).toBe('/offer-item/tent?with=kayak-2');
    expect(within(screen.getByTestId('goal-suggestion')).getByText('20% more')).toBeTruthy();
  });

  it('asks me to list an item I received before it can move on', async () => {
    suggestions = [];
    renderCard(
      aGoal({ current: KAYAK, steps: [{ offerId: 'o1', from: BIKE, to: KAYAK, valueCents: 45_000, at: '2026-11-05T00:00:00.000Z' }] }),
      [myPost(BIKE, 'swapped')],
    );
    expect(screen.getByTestId('goal-holding').textContent).toContain(
      'You received Sea kayak. List it on SwapU with the same title to keep trading up from it.',
    );
    expect(await screen.findByText(/Nothing within reach right now/)).toBeTruthy();
  });

  it('celebrates a reached goal with its points and asks for no suggestions', () => {
    renderCard(
      aGoal({
        state: 'completed',
        current: CAR,
        progress: 1,
        completedAt: '2026-11-06T00:00:00.000Z',
        steps: [
          { offerId: 'o1', from: BIKE, to: KAYAK, valueCents: 45_000, at: '2026-11-05T00:00:00.000Z' },
          { offerId: 'o2', from: KAYAK, to: CAR, valueCents: 90_000, at: '2026-11-06T00:00:00.000Z' },
        ],
      }),
      [],
    );
    const party = screen.getByTestId('goal-celebration');
    expect(party.textContent).toContain('Goal reached!');
    expect(party.textContent).toContain('You traded up from Road bike to Small hatchback in 2 swaps.');
    expect(party.textContent).toContain('+100 points');
    expect(screen.queryByText('Within reach')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('goal helpers', () => {
  it('reads dollars as typed', () => {
    expect(['800', 'A$1,250.50', '$ 99.9', '12.345', 'abc', ''].map(parseDollars)).toEqual([80_000, 125_050, 9_990, null, null, null]);
  });

  it('tells where the current item stands', () => {
    expect(holdingOf(aGoal(), [myPost(BIKE)]).kind).toBe('live');
    expect(holdingOf(aGoal(), [myPost(BIKE, 'reserved')]).kind).toBe('in_swap');
    expect(holdingOf(aGoal(), [myPost(BIKE, 'swapped')]).kind).toBe('gone');
    expect(holdingOf(aGoal({ current: KAYAK }), []).kind).toBe('received');
  });
});
