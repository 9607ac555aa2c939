import { expect, test } from './support/test';
import { signInWithStorage } from './support/accounts';
import { auth, listItem, member } from './support/fixtures';

test.describe('points and the leaderboard @phone', () => {
  test('a member lists an item, finds the leaderboard from the activity page and sees their rank, this week’s and of all time', async ({
    page,
    request,
  }) => {
    const me = await member(request, 'Priya Leaderboard');
    await listItem(request, me, 'Brompton folding bike');
    // Where the member stands this week, as the API counts it (other journeys' members may be ahead).
    const board = await (await request.get('/api/v1/leaderboard?period=week', { headers: auth(me) })).json();
    expect(board.me.points).toBe(10);
    const rank = board.me.rank as number;

    await signInWithStorage(page, me);
    await page.goto('/activity');
    await page.getByRole('main').getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Week', selected: true })).toBeVisible();
    await expect(page.getByTestId('my-rank-value')).toHaveText(`#${rank}`);
    await expect(page.getByTestId('my-rank-points')).toHaveText('10 points');
    const mine = page.getByTestId('leaderboard-me');
    await expect(mine).toContainText('Priya Leaderboard');
    await expect(mine).toContainText(`Rank ${rank}`);
    await expect(mine).toContainText('You');

    await page.getByRole('tab', { name: 'All time' }).click();
    await expect(page).toHaveURL(/\/leaderboard\?period=all$/);
    const all = await (await request.get('/api/v1/leaderboard?period=all', { headers: auth(me) })).json();
    await expect(page.getByTestId('my-rank-value')).toHaveText(`#${all.me.rank}`);

    // My row leads to my profile.
    await mine.getByRole('link', { name: 'Priya Leaderboard' }).click();
    await expect(page).toHaveURL(new RegExp(`/user-detail/${me.id}$`));
  });

  test('a member’s profile shows their points and badges, and My SwapU their own summary', async ({ page, request }) => {
    const me = await member(request, 'Tom Points');
    await listItem(request, me, 'Makita cordless drill');
    await signInWithStorage(page, me);

    // The profile shows the points and the first badge, with the way to the board.
    await page.goto(`/user-detail/${me.id}`);
    await expect(page.getByTestId('profile-points')).toHaveText('10 points');
    await expect(page.getByTestId('profile-points-card').getByText('First listing')).toBeVisible();
    await page.getByTestId('profile-points-card').getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);

    // My SwapU: my own points, this week's included, and the entry that earned them.
    await page.goto('/myswapu');
    await expect(page.getByTestId('my-points-total')).toHaveText('10');
    await expect(page.getByTestId('my-points-week')).toHaveText('10');
    await expect(page.getByTestId('points-entry').first()).toContainText('Listed an item');
  });

  test('a guest sees the board and is invited to sign in for their own rank', async ({ page, request }) => {
    const someone = await member(request, 'Guest Visible');
    await listItem(request, someone, 'Weber kettle barbecue');
    await page.goto('/leaderboard?period=month');
    await expect(page.getByRole('tab', { name: 'Month', selected: true })).toBeVisible();
    await expect(page.getByTestId('leaderboard-list')).toBeVisible();
    await expect(page.getByTestId('leaderboard-sign-in')).toContainText('Sign in to see your own rank.');
    await expect(page.getByTestId('my-rank')).toHaveCount(0);
  });
});
