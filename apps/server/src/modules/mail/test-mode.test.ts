import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { enqueueMail } from './mail.service';
import { type MailWorker, startMailWorker } from './mail.worker';
import { welcomeMail } from './templates';
import { markTestMode } from './test-mode';
import { startTestSmtp } from './test-smtp';

describe('a mail from a TEST_MODE site', () => {
  it('is tagged in its subject and says in its first line, in the recipient’s language, that nothing is real', () => {
    const mail = welcomeMail('en-US', { name: 'Ana', url: 'https://staging.swapu.example/onboarding' });
    const marked = markTestMode(mail, 'en-US');
    expect(marked.subject).toBe(`[Test mode] ${mail.subject}`);
    expect(marked.text.split('\n')[0]).toBe('Test mode: no money is taken and no courier comes. This mail comes from a SwapU test site.');
    expect(marked.text).toContain(mail.text);
    // Right after <body>: the first thing a mail client shows.
    expect(marked.html).toMatch(/<body[^>]*><p [^>]*>Test mode: no money is taken and no courier comes\./);
    const pt = markTestMode(welcomeMail('pt-PT', { name: 'Ana', url: 'https://x' }), 'pt-PT');
    expect(pt.subject.startsWith('[Modo de teste] ')).toBe(true);
    expect(pt.text).toMatch(/^Modo de teste: não é cobrado dinheiro e nenhum estafeta vem\./);
  });

  describe('delivered through SMTP', () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    let worker: MailWorker;
    beforeAll(async () => {
      t = await createTestApp({ config: { publicUrl: 'https://staging.swapu.example', testMode: true } });
      smtp = await startTestSmtp();
      worker = await startMailWorker(t.app.ctx, t.app.log, {
        smtpUrl: smtp.url,
        from: 'SwapU <no-reply@swapu.au>',
        relayIntervalMs: 100,
        pollingIntervalSeconds: 0.5,
      });
    });
    afterAll(async () => {
      await worker?.stop();
      await smtp?.close();
      await t?.close();
    });

    const deliver = async (email: string, language: 'en-US' | 'pt-PT') => {
      const member = await createUser(t.db, { email, language });
      const id = await enqueueMail(t.db, email, 'welcome', welcomeMail(language, { name: 'Rita', url: 'https://x' }), t.clock.now());
      const until = Date.now() + 20_000;
      while (!smtp.received.some((m) => m.to.includes(member.email)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      return { id, received: smtp.received.find((m) => m.to.includes(member.email))! };
    };

    it('reaches its recipient marked, in their language, while the outbox keeps the mail as written', async () => {
      const en = await deliver('ann@example.com', 'en-US');
      expect(en.received.raw).toMatch(/^Subject: \[Test mode\] Welcome to SwapU/m);
      expect(en.received.decoded).toContain('Test mode: no money is taken and no courier comes.');
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, en.id));
      expect(row!.subject).toBe('Welcome to SwapU');
      const pt = await deliver('rita@example.com', 'pt-PT');
      expect(pt.received.decoded).toContain('Modo de teste: não é cobrado dinheiro e nenhum estafeta vem.');
    });
  });
});
