import { describe, expect, it } from 'vitest';
import { designFieldsMissing, htmlHasText } from '@swapu/shared/campaigns';
import { campaignMail } from '../mail/templates';
import { campaignText, sanitiseCampaignHtml } from './campaign-html';

describe('sanitising a campaign’s HTML', () => {
  it('removes scripts and styles with their content, event handlers, images and frames', () => {
    const html = sanitiseCampaignHtml(
      '<p onclick="steal()">Hello <strong>there</strong></p><script>alert(1)</script><style>p{color:red}</style>' +
        '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><svg onload="alert(1)"><text>x</text></svg>',
    );
    expect(html).toBe('<p>Hello <strong>there</strong></p>');
    for (const bad of ['script', 'style', 'onerror', 'onclick', 'onload', '<img', 'iframe', 'svg', 'alert'])
      expect(html).not.toContain(bad);
  });

  it('keeps http(s) and mailto links (opening a new tab without the opener) and unwraps the others to their text', () => {
    const html = sanitiseCampaignHtml(
      '<p><a href="https://swapu.au/x?a=1&b=2" onmouseover="x()">web</a> <a href="mailto:hello@swapu.au">mail</a> ' +
        '<a href="javascript:alert(1)">js</a> <a href="data:text/html,hi">data</a> <a href="//evil.example">relative</a></p>',
    );
    expect(html).toBe(
      '<p><a href="https://swapu.au/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">web</a> ' +
        '<a href="mailto:hello@swapu.au" target="_blank" rel="noopener noreferrer">mail</a> js data relative</p>',
    );
  });

  it('keeps simple formatting and drops style and class attributes', () => {
    const html = sanitiseCampaignHtml(
      '<h2 style="color:red" class="big">Spring</h2><p><b>bold</b> <i>italic</i> <u>under</u> <s>struck</s></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><hr><pre><code>code</code></pre>',
    );
    expect(html).toBe(
      '<h2>Spring</h2><p><strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><hr /><pre><code>code</code></pre>',
    );
  });
});

describe('the plain-text part', () => {
  it('has the words, list bullets and each link’s address after its text', () => {
    const text = campaignText(
      sanitiseCampaignHtml(
        '<h1>Spring swaps</h1><p>See <a href="https://swapu.au/x">our picks</a>.</p><ul><li>Coats</li><li>Boots</li></ul>',
      ),
    );
    expect(text).toBe('Spring swaps\n\nSee our picks [https://swapu.au/x].\n\n * Coats\n * Boots');
  });

  it('is empty for a body with no words (what the spec’s rule refuses)', () => {
    for (const html of ['', '<p></p>', '<p>   </p>', '<p>&nbsp;</p>', '<script>alert(1)</script>', '<img src="x">']) {
      expect(campaignText(sanitiseCampaignHtml(html)), html).toBe('');
    }
  });
});

describe('the editor’s own check (shared with the web app)', () => {
  it('names each empty field', () => {
    expect(designFieldsMissing({ name: ' ', subject: '', html: '<p></p>' })).toEqual(['name', 'subject', 'html']);
    expect(designFieldsMissing({ name: 'A', subject: 'B', html: '<p>&nbsp;</p>' })).toEqual(['html']);
    expect(designFieldsMissing({ name: 'A', subject: 'B', html: '<p>Hi</p>' })).toEqual([]);
    expect(htmlHasText('<p><br></p>')).toBe(false);
  });
});

describe('the campaign mail', () => {
  it('puts the design in SwapU’s layout with the recipient’s unsubscribe link, in their language', () => {
    const url = 'https://swapu.example/api/v1/email-subscription/unsubscribe?token=t&x=1';
    const en = campaignMail('en-US', { subject: 'Spring', html: '<p>Hello</p>', text: 'Hello', unsubscribeUrl: url });
    expect(en.subject).toBe('Spring');
    expect(en.html).toMatch(/^<!doctype html><html lang="en-AU">/);
    expect(en.html).toContain('<p>Hello</p>');
    expect(en.html).toContain('href="https://swapu.example/api/v1/email-subscription/unsubscribe?token=t&amp;x=1"');
    expect(en.html).toContain('max-width:560px');
    expect(en.text).toBe(`Hello\n\n— SwapU\n\nUnsubscribe: ${url}`);
    const pt = campaignMail('pt-PT', { subject: 'Primavera', html: '<p>Olá</p>', text: 'Olá', unsubscribeUrl: url });
    expect(pt.html).toContain('lang="pt-PT"');
    expect(pt.text).toContain(`Cancelar a subscrição: ${url}`);
  });
});
