import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberReliability, MyReliability, ReliabilityList } from '@swapu/shared/reliability-api';
import { initI18n } from '../../i18n/index';
import { i18n } from '../../i18n/instance';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { MemberReliability as MemberBadge } from './member-reliability';
import { MyReliabilityCard } from './my-reliability-card';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const reliable: MemberReliability = {
  userId: 'u1',
  tier: 'very_reliable',
  score: 92,
  facts: {
    swapsCompleted: 7,
    cancelledAfterAccept: 0,
    replyConversations: 5,
    medianReplySeconds: 1500,
    deliveriesBooked: 2,
    deliveriesOnTime: 2,
    reviewsCount: 6,
    reviewsAverage: 4.8,
    accountAgeDays: 250,
    emailVerified: true,
  },
  computedAt: '2026-11-20T11:40:00.000Z',
};
const newcomer: MyReliability = {
  userId: 'me',
  tier: 'new',
  score: null,
  facts: {
    ...reliable.facts,
    swapsCompleted: 1,
    replyConversations: 1,
    medianReplySeconds: 9 * 3600,
    deliveriesBooked: 0,
    deliveriesOnTime: 0,
    reviewsCount: 0,
    reviewsAverage: null,
    accountAgeDays: 12,
    emailVerified: false,
  },
  computedAt: '2026-11-20T11:40:00.000Z',
  components: [
    { part: 'followThrough', weight: 40, value: 1 },
    { part: 'reviews', weight: 25, value: null },
    { part: 'replies', weight: 15, value: 0.65 },
    { part: 'deliveries', weight: 10, value: null },
    { part: 'email', weight: 5, value: 0 },
    { part: 'age', weight: 5, value: 0.03 },
  ],
  tips: [
    { code: 'complete_swaps', count: 2 },
    { code: 'wait_age', days: 18 },
    { code: 'reply_faster', seconds: 9 * 3600 },
    { code: 'verify_email' },
  ],
};

let list: ReliabilityList;
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  list = { members: [reliable] };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/v1/reliability') return json(200, list);
    if (url.pathname === '/api/v1/me/reliability') return json(200, newcomer);
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a member’s reliability badge', () => {
  it('shows the tier and score, and the facts behind it only when pressed', async () => {
    renderRoutes([{ path: '/', element: <MemberBadge userId="u1" name="Rita" /> }]);
    const toggle = await screen.findByRole('button', { name: 'Very reliable · 92' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('reliability-facts')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const facts = screen.getByRole('region', { name: 'What Rita’s badge is built from' });
    expect(toggle.getAttribute('aria-controls')).toBe(facts.id);
    expect(
      within(facts)
        .getAllByTestId('reliability-fact')
        .map((li) => li.textContent),
    ).toEqual([
      '7 swaps completed',
      'No swaps cancelled after accepting',
      'Median first reply in chat: 25 minutes',
      '2 of 2 courier deliveries booked on time',
      '6 reviews, 4.8 stars on average',
      'On SwapU for 8 months',
      'Email address verified',
    ]);
    fireEvent.click(toggle);
    expect(screen.queryByTestId('reliability-facts')).toBeNull();
  });

  it('says "New member", not a low score, and in Portuguese for a pt-PT reader', async () => {
    list = { members: [{ ...newcomer, userId: 'u1' }] };
    await i18n.changeLanguage('pt-PT');
    renderRoutes([{ path: '/', element: <MemberBadge userId="u1" name="Rita" /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Membro novo' }));
    const facts = screen.getByTestId('reliability-facts');
    expect(facts.textContent).toContain('1 troca concluída');
    expect(facts.textContent).toContain('Primeira resposta no chat (mediana): 9 horas');
    expect(facts.textContent).toContain('Endereço de email por confirmar');
    expect(screen.getByText(/Um membro novo não tem pontuação até ter 3 trocas e 30 dias na SwapU/)).toBeTruthy();
  });

  it('shows nothing when the member is not there (deleted, or no such id)', async () => {
    list = { members: [] };
    renderRoutes([{ path: '/', element: <MemberBadge userId="u1" name="Rita" /> }]);
    await vi.waitFor(() => expect(screen.queryByTestId('reliability-loading')).toBeNull());
    expect(screen.queryByTestId('reliability-badge')).toBeNull();
  });
});

describe('my own reliability', () => {
  it('shows my facts, each part of the score and what would raise it', async () => {
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('userId', 'me');
    window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
    restoreSession();
    renderRoutes([{ path: '/', element: <MyReliabilityCard /> }]);
    const card = await screen.findByTestId('my-reliability');
    expect(within(card).getByTestId('reliability-tier').textContent).toContain('New member');
    expect(within(card).getAllByTestId('reliability-part')).toHaveLength(6);
    expect(within(card).getByText('Reviews you receive').parentElement!.textContent).toContain('No facts yet: left out');
    expect(
      within(card)
        .getAllByTestId('reliability-tip')
        .map((li) => li.textContent),
    ).toEqual([
      'Complete 2 more swaps to get a score.',
      'Your score appears once your account is 30 days old: in 18 days.',
      'Reply faster: your median first reply is 9 hours. Replying within an hour counts most.',
      'Verify your email address (the link is in your welcome email, or send it again under “Sign-in and security” below).',
    ]);
  });
});
