import { type APIRequestContext } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { admin as newAdmin, auth, listItem, member, signedInPage, subscriber } from './support/fixtures';

/** Ben's kayak: what the chat journeys talk about. */
const listKayak = (request: APIRequestContext, account: { idToken: string }) =>
  listItem(request, account, 'Two-person kayak', {
    patch: {
      description: 'Sit-on-top kayak with two paddles. Pick up in Fitzroy.',
      categories: ['water-sports'],
      keywords: ['kayak'],
      cashValueCents: 45_000,
      weightKg: 25,
      lengthCm: 370,
      widthCm: 80,
      heightCm: 40,
    },
  });

test.describe('chat', () => {
  test('a message from a listing reaches its owner live, the reply comes back live, "Seen" shows, and an outsider is refused', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const ben = await member(request, 'Ben Okafor');
    const post = await listKayak(request, ben);
    const ana = await subscriber(request, 'Ana Swapper');

    // Ben is already on his messages, with none yet.
    const benPage = await signedInPage(browser, ben);
    await benPage.goto('/discuss');
    await expect(benPage.getByTestId('rooms-empty')).toBeVisible();

    // Ana opens Ben's kayak and taps Message: the room opens with the kayak as context.
    const anaPage = await signedInPage(browser, ana);
    await anaPage.goto(`/viewPost/${post}`);
    // On a computer the room opens in a window of its own (spec section 2), still signed in; the listing stays open.
    const [anaChat] = await Promise.all([
      anaPage.waitForEvent('popup'),
      anaPage.getByRole('link', { name: 'Message', exact: true }).click(),
    ]);
    await expect(anaPage).toHaveURL(new RegExp(`/viewPost/${post}$`));
    const anaRoom = anaChat.getByTestId('room');
    await expect(anaRoom).toBeVisible();
    // The address names the room now, not Ben: /discuss/{roomId}/{postId}.
    await expect(anaChat).not.toHaveURL(new RegExp(ben.id));
    await expect(anaChat).toHaveURL(new RegExp(`/discuss/[^/]+/${post}$`));
    const roomUrl = new URL(anaChat.url()).pathname;
    await expect(anaRoom.getByTestId('room-other')).toHaveText('Ben Okafor');
    await expect(anaRoom.getByTestId('post-context')).toContainText('Two-person kayak');
    await expect(anaRoom.getByTestId('post-context')).toContainText('$450');

    // A link is shown as the text it is, never as markup.
    const text = 'Hi Ben! Is the kayak still available? <b>See</b> https://example.com/kayak';
    await anaRoom.getByTestId('composer').fill(text);
    await anaRoom.getByTestId('composer').press('Enter');
    const anaMessage = anaRoom.getByTestId('message').filter({ hasText: 'Is the kayak still available?' });
    await expect(anaMessage.getByTestId('message-body')).toHaveText(text);
    await expect(anaRoom.getByTestId('message-body').locator('a, b')).toHaveCount(0);
    await expect(anaRoom.getByTestId('pending-message')).toHaveCount(0);
    await expect(anaRoom.getByTestId('seen')).toHaveCount(0);

    // Ben sees the conversation arrive without reloading, unread, and opens it.
    const row = benPage.getByTestId('room-row').filter({ hasText: ana.displayName });
    await expect(row).toContainText('Is the kayak still available?');
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(benPage.getByTestId('chat-count')).toContainText('1');
    await row.click();
    const benRoom = benPage.getByTestId('room');
    await expect(benRoom.getByTestId('post-context')).toContainText('Two-person kayak');
    await expect(benRoom.getByTestId('message-body')).toHaveText([text]);

    // Ben has it open: Ana sees "Seen" under her message.
    await expect(anaMessage.getByTestId('seen')).toHaveText(/Seen/);
    await expect(row).toHaveAttribute('data-unread', 'false');

    // Ben replies (Shift+Enter makes a second line); Ana sees him typing, then the reply, live.
    await benRoom.getByTestId('composer').pressSequentially('Yes it is!');
    await expect(anaRoom.getByTestId('typing')).toHaveText('Ben Okafor is typing…');
    await benRoom.getByTestId('composer').press('Shift+Enter');
    await benRoom.getByTestId('composer').pressSequentially('Come by on Saturday.');
    await benRoom.getByTestId('composer').press('Enter');
    await expect(anaRoom.getByTestId('message').filter({ hasText: 'Come by on Saturday.' }).getByTestId('message-body')).toHaveText(
      'Yes it is!\nCome by on Saturday.',
    );
    await expect(benRoom.getByTestId('message-body')).toHaveCount(2);

    // Someone else opening the room's address is turned away, with nothing of the room shown.
    const cy = await member(request, 'Cy Outsider');
    const cyPage = await signedInPage(browser, cy);
    await cyPage.goto(roomUrl);
    await expect(cyPage.getByText('Nice try, but you are not allowed in that room')).toBeVisible();
    await expect(cyPage.getByText('Is the kayak still available?')).toHaveCount(0);
    await expect(cyPage.getByTestId('room')).toHaveCount(0);

    // The room address with the post still opens the room for its members (the new-window form).
    await benPage.goto(roomUrl);
    await expect(benPage.getByTestId('room').getByTestId('message-body')).toHaveCount(2);
  });

  test('reporting and blocking from the room menu; the blocked person cannot send any more', async ({ browser, request }) => {
    const fay = await member(request, 'Fay Blocker');
    const gus = await member(request, 'Gus Pest');
    const opened = await request.post('/api/v1/rooms', { headers: auth(gus), data: { userId: fay.id } });
    expect(opened.status()).toBe(201);
    const roomId = (await opened.json()).id as string;
    await request.post(`/api/v1/rooms/${roomId}/messages`, { headers: auth(gus), data: { body: 'Hey, answer me!' } });

    const gusPage = await signedInPage(browser, gus);
    await gusPage.goto(`/discuss/${roomId}`);
    await expect(gusPage.getByTestId('message-body')).toHaveText(['Hey, answer me!']);

    const page = await signedInPage(browser, fay);
    await page.goto(`/discuss/${roomId}`);
    await page.getByTestId('room-menu').click();
    await page.getByRole('menuitem', { name: 'Report user' }).click();
    const report = page.getByRole('dialog', { name: 'Report Gus Pest' });
    await report.getByLabel('What happened?').fill('Keeps pushing me to answer.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thanks — our moderators will look into it.')).toBeVisible();

    await page.getByTestId('room-menu').click();
    await page.getByRole('menuitem', { name: 'Block user' }).click();
    await page.getByRole('dialog', { name: 'Block Gus Pest?' }).getByRole('button', { name: 'Block' }).click();
    await expect(page.getByTestId('blocked-notice')).toBeVisible();
    await expect(page.getByTestId('composer')).toHaveCount(0);

    // Gus's next message is refused, and his composer gives way to the notice.
    await gusPage.getByTestId('composer').fill('Hello?');
    await gusPage.getByTestId('composer').press('Enter');
    await expect(gusPage.getByText('You cannot message this person.')).toBeVisible();
    await expect(gusPage.getByTestId('retry')).toContainText('Not sent — retry');
    await expect(gusPage.getByTestId('blocked-notice')).toBeVisible();

    // Fay unblocks: she can write again.
    await page.getByTestId('blocked-notice').getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByTestId('composer')).toBeVisible();
  });

  test("a member who deleted their account stays in the other's chats, named in the reader's language", async ({ browser, request }) => {
    const ana = await member(request, 'Ana Staying');
    const bo = await member(request, 'Bo Leaving');
    const opened = await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: bo.id } });
    expect(opened.status()).toBe(201);
    const roomId = (await opened.json()).id as string;
    await request.post(`/api/v1/rooms/${roomId}/messages`, { headers: auth(bo), data: { body: 'Thanks for everything, Ana.' } });
    expect((await request.delete('/api/v1/me', { headers: auth(bo), data: { password: bo.password } })).status()).toBe(204);

    const page = await signedInPage(browser, ana);
    await page.goto(`/discuss/${roomId}`);
    const row = page.getByTestId('room-row');
    await expect(row).toContainText('Deleted member');
    await expect(page.getByTestId('room').getByTestId('message-body')).toHaveText(['Thanks for everything, Ana.']);

    // In Portuguese the same room names them in Portuguese, at once and after a reload.
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('pt-PT');
    await expect(row).toContainText('Membro eliminado');
    await expect(page.getByTestId('room')).toContainText('Membro eliminado');
    await page.reload();
    await expect(page.getByTestId('room-row')).toContainText('Membro eliminado');
    await expect(page.getByTestId('room').getByTestId('message-body')).toHaveText(['Thanks for everything, Ana.']);
    await expect(page.locator('body')).not.toContainText('Deleted member');

    // They can no longer be written to: the message is refused, and says so.
    await page.getByTestId('composer').fill('Are you still there?');
    await page.getByTestId('composer').press('Enter');
    await expect(page.getByText('Não pode enviar mensagens a esta pessoa.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('room').getByTestId('message-body')).toHaveText(['Thanks for everything, Ana.']);
  });

  test('messaging yourself is refused', async ({ browser, request }) => {
    const dee = await member(request, 'Dee Self');
    const post = await listKayak(request, dee);
    const page = await signedInPage(browser, dee);
    await page.goto(`/discuss/${dee.id}/${post}`);
    await expect(page.getByTestId('room-error')).toContainText('Messaging yourself is prohibited');
  });
});

test.describe('opening a chat room @phone', () => {
  test('Message on a listing opens the room in a new window on a computer, and in the same tab on a phone', async ({
    browser,
    request,
  }) => {
    const owner = await member(request, 'Wendy Window');
    const post = await listKayak(request, owner);
    const asker = await subscriber(request, 'Tom Tab');
    const page = await signedInPage(browser, asker);
    await page.goto(`/viewPost/${post}`);
    const message = page.getByRole('link', { name: 'Message', exact: true });
    if (test.info().project.name === 'phone') {
      await message.click();
      await expect(page).toHaveURL(new RegExp(`/discuss/[^/]+/${post}$`));
      await expect(page.getByTestId('room').getByTestId('room-other')).toHaveText('Wendy Window');
      // Back goes to the listing.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/viewPost/${post}$`));
    } else {
      const [room] = await Promise.all([page.waitForEvent('popup'), message.click()]);
      await expect(room).toHaveURL(new RegExp(`/discuss/[^/]+/${post}$`));
      await expect(room.getByTestId('room').getByTestId('room-other')).toHaveText('Wendy Window');
      await expect(page).toHaveURL(new RegExp(`/viewPost/${post}$`));
      // A second click brings the same window back rather than opening another.
      await message.click();
      await expect.poll(() => page.context().pages().length).toBe(2);
    }
    await page.context().close();
  });
});

test.describe('support @phone', () => {
  test('a member writes to the SwapU team and an admin’s answer appears live', async ({ browser, request }) => {
    test.setTimeout(budget(90_000));
    // Names are letters only; each run (and project) has its own Eve.
    const name = `Eve ${test.info().project.name} ${String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)))}`;
    const eve = await member(request, name);
    const page = await signedInPage(browser, eve);
    await page.goto('/discuss');
    await page.getByTestId('support-row').click();
    await expect(page).toHaveURL(/\/discuss\?support=1$/);
    const thread = page.getByTestId('support-thread');
    await expect(thread.getByText('No messages yet. Write to us below.')).toBeVisible();
    await thread.getByTestId('composer').fill('I cannot find my listing after editing it.');
    await thread.getByTestId('send').click();
    await expect(thread.getByTestId('support-message')).toHaveCount(1);

    // The admin answers from the support inbox.
    const admin = await newAdmin(request);
    const adminPage = await signedInPage(browser, admin);
    await adminPage.goto('/admin/support');
    const threadRow = adminPage.getByTestId('support-thread-row').filter({ hasText: name });
    await expect(threadRow).toContainText('Awaiting reply');
    await threadRow.click();
    const answer = adminPage.getByTestId('support-thread');
    await expect(answer.getByTestId('support-message')).toContainText(['I cannot find my listing after editing it.']);
    await answer.getByTestId('composer').fill('Hi Eve, drafts are under My SwapU → Drafts.');
    await answer.getByTestId('composer').press('Enter');

    // Eve sees the answer without reloading.
    await expect(thread.getByTestId('support-message')).toHaveCount(2);
    await expect(thread.getByTestId('support-message').nth(1)).toContainText('SwapU team');
    await expect(thread.getByTestId('support-message').nth(1)).toContainText('drafts are under My SwapU');
  });
});

test.describe('support for a suspended member', () => {
  test('a banned member contacts support from the suspension notice and an admin’s reply appears', async ({ browser, request }) => {
    test.setTimeout(budget(90_000));
    const name = `Sam ${String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)))}`;
    const sam = await member(request, name);
    const admin = await newAdmin(request);
    const ban = await request.put(`/api/v1/admin/users/${sam.id}/ban`, {
      headers: auth(admin),
      data: { banned: true, reason: 'Spam listings' },
    });
    expect(ban.status()).toBe(200);

    // The ban ended Sam's sessions; Sam signs in again and sees only the suspension notice.
    const again = await (
      await request.post('/identity/v1/accounts:signInWithPassword', {
        data: { email: sam.email, password: sam.password, returnSecureToken: true },
      })
    ).json();
    const page = await signedInPage(browser, { ...sam, idToken: again.idToken });
    await page.goto('/');
    await expect(page.getByText('Your account has been suspended. Please contact support.')).toBeVisible();
    await page.getByTestId('contact-support').click();
    const thread = page.getByTestId('support-thread');
    // The team's note of the suspension, with its reason, opens the thread.
    await expect(thread.getByTestId('support-message')).toHaveCount(1);
    await expect(thread.getByTestId('support-message').first()).toContainText('Reason: Spam listings');
    await thread.getByTestId('composer').fill('Why was my account suspended?');
    await thread.getByTestId('send').click();
    await expect(thread.getByTestId('support-message')).toHaveCount(2);

    const reply = await request.post(`/api/v1/admin/support/${sam.id}/messages`, {
      headers: auth(admin),
      data: { body: 'Hi Sam, we are reviewing a report about a listing.' },
    });
    expect(reply.status()).toBe(201);
    await expect(thread.getByTestId('support-message')).toHaveCount(3);
    await expect(thread.getByTestId('support-message').nth(2)).toContainText('we are reviewing a report');
  });
});

test.describe('a member banned mid-conversation', () => {
  test('their open chat stops at once: the socket closes, a message typed after the ban never arrives, and they are told', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const ben = await member(request, 'Ben Keeper');
    const mal = await member(request, 'Mal Reported');
    const admin = await newAdmin(request);
    // Mal has a conversation with Ben open (the room Mal started).
    const opened = await request.post('/api/v1/rooms', { headers: auth(mal), data: { userId: ben.id } });
    expect(opened.status()).toBe(201);
    const roomId = (await opened.json()).id as string;

    const benPage = await signedInPage(browser, ben);
    const malPage = await signedInPage(browser, mal);
    // Every WebSocket Mal's page opens, and whether the server has closed it.
    const sockets: { closed: boolean }[] = [];
    malPage.on('websocket', (ws) => {
      const s = { closed: false };
      sockets.push(s);
      ws.on('close', () => (s.closed = true));
    });

    await malPage.goto(`/discuss/${roomId}`);
    const malRoom = malPage.getByTestId('room');
    await malRoom.getByTestId('composer').fill('Hello, is it still available?');
    await malRoom.getByTestId('composer').press('Enter');
    await expect(malRoom.getByTestId('pending-message')).toHaveCount(0);

    await benPage.goto('/discuss');
    await benPage.getByTestId('room-row').filter({ hasText: 'Mal Reported' }).click();
    const benRoom = benPage.getByTestId('room');
    await expect(benRoom.getByTestId('message-body')).toHaveText(['Hello, is it still available?']);
    await expect.poll(() => sockets.some((s) => !s.closed)).toBe(true);

    // An admin suspends Mal while both have the conversation open.
    const openAtBan = sockets.filter((s) => !s.closed);
    const ban = await request.put(`/api/v1/admin/users/${mal.id}/ban`, {
      headers: auth(admin),
      data: { banned: true, reason: 'Spam listings' },
    });
    expect(ban.status()).toBe(200);

    // The server closes Mal's live connection at once… (The page then connects again, as any page
    // does after a drop, 250–500 ms later: a suspended member may still read support's answers. A
    // check that every socket is closed raced that reconnection and lost it twice in a row on a
    // busy CI machine; the connection that was open at the ban is the one that must close.)
    expect(openAtBan.length).toBeGreaterThan(0);
    await expect.poll(() => openAtBan.every((s) => s.closed), { timeout: 5_000 }).toBe(true);
    // …and a message typed after the ban is refused and never reaches Ben.
    await malRoom.getByTestId('composer').fill('Send me your bank details');
    await malRoom.getByTestId('composer').press('Enter');
    await expect(malPage.getByTestId('auto-logout-alert')).toContainText('You were signed out because your session was ended');
    await expect(malPage.getByTestId('room')).toHaveCount(0);
    await benPage.waitForTimeout(1500);
    await expect(benRoom.getByTestId('message-body')).toHaveText(['Hello, is it still available?']);
    const stored = await (await request.get(`/api/v1/rooms`, { headers: auth(ben) })).json();
    expect(JSON.stringify(stored)).not.toContain('bank details');

    // Signing in again, Mal sees only the suspension notice, and still cannot write to Ben.
    const again = await (
      await request.post('/identity/v1/accounts:signInWithPassword', {
        data: { email: mal.email, password: mal.password, returnSecureToken: true },
      })
    ).json();
    const refused = await request.post(`/api/v1/rooms/${roomId}/messages`, {
      headers: { authorization: `Bearer ${again.idToken}` },
      data: { body: 'Still here?' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('account_banned');
  });
});
