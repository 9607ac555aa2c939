import type { MailContent } from './templates';

const NOTE = {
  en: { tag: '[Test mode]', line: 'Test mode: no money is taken and no courier comes. This mail comes from a SwapU test site.' },
  pt: {
    tag: '[Modo de teste]',
    line: 'Modo de teste: não é cobrado dinheiro e nenhum estafeta vem. Este email vem de um site de teste da SwapU.',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A mail as a TEST_MODE site sends it: its subject tagged, and a first line in the recipient's
 * language saying no money is taken and no courier comes (above the body, after <body> in HTML).
 */
export function markTestMode(mail: MailContent, language: string | null | undefined): MailContent {
  const note = language?.startsWith('pt') ? NOTE.pt : NOTE.en;
  const banner = `<p style="margin:0;padding:10px 16px;background:#fff4e6;color:#7a4100;font-family:Arial,Helvetica,sans-serif;font-size:14px;font-weight:700">${escape(note.line)}</p>`;
  const body = /<body[^>]*>/i.exec(mail.html);
  return {
    subject: `${note.tag} ${mail.subject}`,
    text: `${note.line}\n\n${mail.text}`,
    html: body
      ? mail.html.slice(0, body.index + body[0].length) + banner + mail.html.slice(body.index + body[0].length)
      : banner + mail.html,
  };
}
