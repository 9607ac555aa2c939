import { describe, expect, it } from 'vitest';
import { DELETED_MEMBER_NAME } from '@swapu/shared/constants';
import {
  chainMail,
  deliveryMail,
  emailVerificationMail,
  matchMail,
  messageDigestMail,
  newsletterWelcomeMail,
  offerMail,
  passwordResetMail,
  welcomeMail,
} from './templates';

const url = 'https://swapu.example/path?token=a&b=1';
const all = (lang: string) => ({
  welcome: welcomeMail(lang, { name: 'Ana', url }),
  verification: emailVerificationMail(lang, { name: 'Ana', url }),
  reset: passwordResetMail(lang, { name: 'Ana', url, minutes: 60 }),
  news: newsletterWelcomeMail(lang, { unsubscribeUrl: 'https://swapu.example/u?token=t', url }),
});

describe('mail templates', () => {
  it.each(['en-US', 'pt-PT'])('gives every %s mail a subject, a text and an HTML body with its link', (lang) => {
    for (const [name, mail] of Object.entries(all(lang))) {
      expect(mail.subject, name).not.toBe('');
      expect(mail.text, name).toContain(url);
      expect(mail.html, name).toContain('href="https://swapu.example/path?token=a&amp;b=1"');
      expect(mail.html, name).toMatch(/^<!doctype html>/);
    }
  });

  it('writes in the recipient’s language', () => {
    expect(all('en-US').verification.subject).toBe('Confirm your SwapU email address');
    expect(all('pt-PT').verification.subject).toBe('Confirme o seu endereço de email na SwapU');
    expect(all('pt-PT').reset.text).toContain('60 minutos');
    expect(all('pt-PT').reset.html).toContain('lang="pt-PT"');
  });

  it("names a deleted member in the recipient's language, and every other member as they wrote it", () => {
    const digest = (lang: string) =>
      messageDigestMail(lang, {
        name: 'Ana',
        rooms: [
          { otherName: DELETED_MEMBER_NAME, count: 2, preview: 'All the best.' },
          { otherName: 'Deleted member fan', count: 1, preview: 'Hi' },
        ],
        url,
        settingsUrl: url,
      });
    expect(digest('pt-PT').text).toContain('Membro eliminado: 2 mensagens');
    expect(digest('pt-PT').text).not.toContain(`${DELETED_MEMBER_NAME}:`);
    expect(digest('pt-PT').text).toContain('Deleted member fan: 1 mensagem');
    expect(digest('en-US').text).toContain('Deleted member: 2 messages');
  });

  it('names a deleted member in Portuguese in every mail that names another member', () => {
    const other = { name: 'Ana', otherName: DELETED_MEMBER_NAME, url };
    const mails = {
      offer: offerMail('pt-PT', 'accepted', { ...other, title: 'Caiaque' }),
      match: matchMail('pt-PT', { ...other, theirTitle: 'Caiaque', myTitle: 'Bicicleta' }),
      chain: chainMail('pt-PT', 'dissolved', { ...other, size: 3, reason: 'declined' }),
    };
    for (const [name, mail] of Object.entries(mails)) {
      expect(`${mail.subject}\n${mail.text}`, name).toContain('Membro eliminado');
      expect(`${mail.subject}\n${mail.text}`, name).not.toContain(DELETED_MEMBER_NAME);
    }
    expect(matchMail('en-US', { ...other, theirTitle: 'Kayak', myTitle: 'Bike' }).subject).toContain(DELETED_MEMBER_NAME);
  });

  it('puts a listing title into offer and delivery mails as written: $ patterns and placeholders in it stay text', () => {
    const title = "Kayak $' $& $` $1 {other} {ref}";
    for (const lang of ['en-US', 'pt-PT']) {
      const offer = offerMail(lang, 'created', { name: 'Ana', otherName: 'Bea', title, url });
      expect(offer.subject, lang).toMatch(/ Kayak \$' \$& \$` \$1 \{other\} \{ref\}$/);
      expect(offer.text, lang).toContain(`"${title}"`);
      const delivery = deliveryMail(lang, 'label_created', {
        name: 'Ana',
        title,
        fromSuburb: 'Fitzroy $&',
        toSuburb: 'Manly',
        trackingRef: "SW$'1",
        eta: 'Fri',
        url,
      });
      expect(delivery.subject, lang).toMatch(/ Kayak \$' \$& \$` \$1 \{other\} \{ref\}$/);
      expect(delivery.text, lang).toContain(`"${title}" (Fitzroy $& → Manly)`);
      expect(delivery.text, lang).toContain("SW$'1;");
    }
  });

  it('escapes what people typed', () => {
    const mail = welcomeMail('en-US', { name: '<img src=x onerror=alert(1)>', url });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('puts an unsubscribe link only in non-transactional mail', () => {
    for (const lang of ['en-US', 'pt-PT']) {
      const { news, reset, welcome } = all(lang);
      expect(news.html).toContain('href="https://swapu.example/u?token=t"');
      expect(news.text).toMatch(/(Unsubscribe|Cancelar a subscrição): https:\/\/swapu\.example\/u\?token=t/);
      expect(reset.html).not.toContain('/u?token=');
      expect(welcome.text).not.toMatch(/Unsubscribe|Cancelar a subscrição/);
    }
  });
});
