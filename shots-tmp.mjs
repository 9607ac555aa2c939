import { chromium } from 'playwright';
const base = 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const res = await fetch(`${base}/identity/v1/accounts:signInWithPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@swapu.au', password: 'swapu-demo', returnSecureToken: true }) });
const tok = await res.json();
const h = { authorization: `Bearer ${tok.idToken}` };
const list = await (await fetch(`${base}/api/v1/deliveries/shippable`, { headers: h })).json();
console.log(JSON.stringify(list.items.map((i) => [i.postTitle, i.viewerIsSender, i.delivery?.state])));
for (const [name, vp] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]]) {
  const ctx = await browser.newContext({ viewport: vp });
  const page = await ctx.newPage();
  await page.addInitScript((a) => {
    window.localStorage.setItem('token', a.idToken);
    window.localStorage.setItem('userId', a.localId);
    window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
    window.localStorage.setItem('lastActivity', String(Date.now()));
  }, tok);
  for (const [slug, path] of [
    ['swap', '/delivery-swap'],
    ['list', '/my-delivery'],
    ['detail', `/my-delivery/${list.items[0].postId}/${list.items[0].offerId}/${list.items[0].receiver.userId}`],
    ['form', `/my-delivery/${list.items[1].postId}/${list.items[1].offerId}/${list.items[1].receiver.userId}`],
  ]) {
    await page.goto(base + path);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `/tmp/shot-${name}-${slug}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();
