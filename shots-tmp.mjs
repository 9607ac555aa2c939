import { chromium } from '@playwright/test';
const base = 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function signIn(email) {
  const r = await fetch(`${base}/identity/v1/accounts:signInWithPassword`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'swapu-demo', returnSecureToken: true }) });
  return r.json();
}
const demo = await signIn('demo@swapu.au');
const admin = await signIn('admin@swapu.au');
const mine = await (await fetch(`${base}/api/v1/me/posts`, { headers: { authorization: `Bearer ${demo.idToken}` } })).json();
const pub = mine.items.find((p) => p.state === 'published');
for (const [w, h, tag] of [[390, 844, 'phone'], [1280, 900, 'desktop']]) {
  for (const [acct, shots] of [[demo, [['/myswapu', 'assist', true], [`/viewPost/${pub.id}`, 'post', false], ['/swap-swipe-success', 'sws', false], ['/user-coupon', 'coupon', false]]], [admin, [['/admin/coupons', 'admin', false]]]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    await ctx.addInitScript((a) => { localStorage.setItem('token', a.idToken); localStorage.setItem('userId', a.localId); localStorage.setItem('expiration', String(Date.now() + 3600000)); localStorage.setItem('lastActivity', String(Date.now())); }, acct);
    const page = await ctx.newPage();
    for (const [path, name, dialog] of shots) {
      await page.goto(base + path);
      await page.waitForTimeout(2500);
      if (dialog) {
        await page.getByRole('button', { name: 'Swap Assist' }).first().click();
        await page.waitForTimeout(1500);
      }
      await page.screenshot({ path: `/tmp/shots-mine/${name}-${tag}.png` });
    }
    await ctx.close();
  }
}
await browser.close();
console.log('ok', pub.id);
