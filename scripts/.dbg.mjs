import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('requestfailed', (r) => console.log('failed', r.url()));
await page.goto('http://localhost:3300' + process.argv[2], { waitUntil: 'networkidle' });
console.log((await page.locator('body').innerText()).slice(0, 200));
await browser.close();
