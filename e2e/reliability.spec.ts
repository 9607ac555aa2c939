import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { auth, backdate, listItem, member, type Member } from './support/fixtures';
import { signInWithStorage } from './support/accounts';

/**
 * The reliability badge (issue 41 item 2, decision 0052), on the project's screen (a phone in the
 * phone project): a member with three completed swaps, reviewed, who answers chats, and a new
 * member who looks at them; the badges come from the job's rows (run now through the test hook).
 */

async function ok<T = { id: string }>(res: Awaited<ReturnType<APIRequestContext['post']>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** An item listed "a day ago", so everyone may offer on it. */
async function item(request: APIRequestContext, m: Member, title: string) {
  const id = await listItem(request, m, `${title} ${Date.now()}`);
  await backdate(request, id, 25);
  return id;
}

/** A swap between `owner` and a new partner: offered, accepted, received on both sides, and a 5-star review of the owner; the partner wrote first in chat and the owner answered. */
async function completedSwap(request: APIRequestContext, owner: Member, n: number) {
  const partner = await member(request, `Swap Partner ${'abc'[n]}`);
  const room = await ok(await request.post('/api/v1/rooms', { headers: auth(partner), data: { userId: owner.id } }), 201);
  await ok(
    await request.post(`/api/v1/rooms/${room.id}/messages`, { headers: auth(partner), data: { body: 'Hi! Is it still there?' } }),
    201,
  );
  await ok(await request.post(`/api/v1/rooms/${room.id}/messages`, { headers: auth(owner), data: { body: 'Yes, it is!' } }), 201);
  const wanted = await item(request, owner, `Camping lantern ${n}`);
  const given = await item(request, partner, `Bike pump ${n}`);
  const offer = await ok(await request.post('/api/v1/offers', { headers: auth(partner), data: { postId: wanted, itemIds: [given] } }), 201);
  const step = async (m: Member, transition: string) =>
    ok(await request.post(`/api/v1/offers/${offer.id}/transitions`, { headers: auth(m), data: { transition } }));
  await step(owner, 'accept');
  await step(owner, 'confirm_receipt');
  await step(partner, 'confirm_receipt');
  await ok(
    await request.post(`/api/v1/offers/${offer.id}/review`, { headers: auth(partner), data: { stars: 5, text: 'Easy swap.' } }),
    201,
  );
  return partner;
}

/** A member of 200 days with three completed swaps, and the job's turn run now. */
async function veteran(request: APIRequestContext, name: string) {
  const rita = await member(request, name);
  for (let n = 0; n < 3; n++) await completedSwap(request, rita, n);
  expect((await request.post(`/api/test/accounts/${rita.id}/backdate`, { data: { days: 200 } })).status()).toBe(204);
  expect((await request.post('/api/test/reliability')).status()).toBe(200);
  const [badge] = (await ok<{ members: Array<{ score: number }> }>(await request.get(`/api/v1/reliability?ids=${rita.id}`))).members;
  expect(badge).toMatchObject({ tier: 'very_reliable', facts: { swapsCompleted: 3, reviewsCount: 3, reviewsAverage: 5 } });
  return { rita, score: badge!.score };
}

async function signedIn(page: Page, m: Member, lang: 'en-US' | 'pt-PT') {
  await signInWithStorage(page, m);
  await page.addInitScript((l) => window.localStorage.setItem('swapu.lang', l), lang);
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** The element fits the page's width (no sideways scrolling on a phone). */
async function fits(page: Page, selector: ReturnType<Page['getByTestId']>) {
  const box = (await selector.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
}

test.describe('the reliability badge @phone', () => {
  test('a member sees another’s badge and the facts behind it on their profile and on an offer, and their own breakdown with what would raise it', async ({
    page,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const { rita, score } = await veteran(request, 'Rita Reliable');
    const nick = await member(request, 'Nick Newcomer');
    const problems = await signedIn(page, nick, 'en-US');

    // Rita's profile: the badge under her name; tapped, the facts it is built from.
    await page.goto(`/user-detail/${rita.id}`);
    const toggle = page.getByTestId('reliability-badge').getByRole('button', { name: `Very reliable · ${score}` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const facts = page.getByRole('region', { name: 'What Rita Reliable’s badge is built from' });
    await expect(facts.getByTestId('reliability-fact')).toHaveText([
      '3 swaps completed',
      'No swaps cancelled after accepting',
      /^Median first reply in chat: \d+ minutes?$/,
      'No courier deliveries booked yet',
      '3 reviews, 5 stars on average',
      'On SwapU for 6 months',
      'Email address not verified',
    ]);
    await expect(facts).toContainText(`Score ${score} out of 100, worked out from these facts.`);
    await fits(page, facts);

    // An offer Nick makes on Rita's item: the page shows her badge, and its facts on a tap.
    const bike = await item(request, nick, 'Road bike');
    const lantern = await item(request, rita, 'Lantern');
    const offer = await ok(await request.post('/api/v1/offers', { headers: auth(nick), data: { postId: lantern, itemIds: [bike] } }), 201);
    await page.goto(`/swap-offer/${offer.id}`);
    const onOffer = page.getByTestId('offer-reliability');
    await expect(onOffer).toContainText('Rita Reliable’s reliability');
    await onOffer.getByRole('button', { name: `Very reliable · ${score}` }).click();
    await expect(onOffer.getByTestId('reliability-fact').first()).toHaveText('3 swaps completed');
    await fits(page, onOffer);

    // Nick's own profile: a new member, not a low score, with what would give him one.
    await page.goto(`/user-detail/${nick.id}`);
    await expect(page.getByTestId('reliability-badge').getByRole('button', { name: 'New member' })).toBeVisible();
    const mine = page.getByTestId('my-reliability');
    await expect(mine.getByRole('heading', { name: 'Your reliability' })).toBeVisible();
    await expect(mine.getByTestId('reliability-part')).toHaveCount(6);
    await expect(mine.getByTestId('reliability-tip')).toHaveText([
      'Complete 3 more swaps to get a score.',
      'Your score appears once your account is 30 days old: in 30 days.',
      'Verify your email address (the link is in your welcome email, or send it again under “Sign-in and security” below).',
    ]);
    await fits(page, mine);
    // The profile arrives rendered for Nick now his page cookie is set (decision 0020): it takes over without a mismatch.
    await page.reload();
    await expect(mine.getByTestId('reliability-tip')).toHaveCount(3);
    expect(problems).toEqual([]);
  });

  test('the badge, its facts and one’s own tips are in Portuguese for a member reading in pt-PT', async ({ page, request }) => {
    test.setTimeout(budget(120_000));
    const { rita, score } = await veteran(request, 'Rita Fiavel');
    const nuno = await member(request, 'Nuno Novo');
    const problems = await signedIn(page, nuno, 'pt-PT');

    await page.goto(`/user-detail/${rita.id}`);
    await page
      .getByTestId('reliability-badge')
      .getByRole('button', { name: `Muito fiável · ${score}` })
      .click();
    const facts = page.getByRole('region', { name: 'De que é feito o selo de Rita Fiavel' });
    await expect(facts.getByTestId('reliability-fact')).toHaveText([
      '3 trocas concluídas',
      'Nenhuma troca cancelada depois de aceite',
      /^Primeira resposta no chat \(mediana\): \d+ minutos?$/,
      'Ainda não marcou entregas por estafeta',
      '3 avaliações, 5 estrelas em média',
      'Na SwapU há 6 meses',
      'Endereço de email por confirmar',
    ]);
    await expect(facts).toContainText(`Pontuação de ${score} em 100`);
    await expect(facts).not.toContainText('swaps');

    await page.goto(`/user-detail/${nuno.id}`);
    const mine = page.getByTestId('my-reliability');
    await expect(mine.getByRole('heading', { name: 'A sua fiabilidade' })).toBeVisible();
    await expect(mine.getByTestId('reliability-tier')).toHaveText('Membro novo');
    await expect(mine.getByTestId('reliability-tip').first()).toHaveText('Conclua mais 3 trocas para ter uma pontuação.');
    await fits(page, mine);
    expect(problems).toEqual([]);
  });
});
