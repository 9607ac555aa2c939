import { DELETED_MEMBER_NAME } from '@swapu/shared/constants';

/** Mail templates: HTML + text, in en-US or pt-PT by the recipient's language. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

type Action = { label: string; url: string };
type Footer = { unsubscribe?: { label: string; url: string } };

/**
 * A line's {placeholders} filled in one pass, each value as written: a replacer function, so `$&`
 * or `$'` in a title is text, and a value holding `{other}` is not filled in again.
 */
export const fillIn = (line: string, values: Record<string, string>) =>
  line.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const isPt = (lang: string) => lang.startsWith('pt');
/**
 * Another member's name in the recipient's language: a deleted account keeps the English
 * `DELETED_MEMBER_NAME` (users/account-deletion.ts), as the web app shows it (lib/member-name.ts).
 * Every template that names another member (offers, matches, chains, the chat digest) uses it.
 */
export const memberName = (lang: string, name: string) => (name === DELETED_MEMBER_NAME && isPt(lang) ? 'Membro eliminado' : name);
const TAGLINE = { en: 'SwapU — swap what you have for what you need.', pt: 'SwapU — troque o que tem pelo que precisa.' };

/** Wraps paragraphs and an optional button in SwapU's simple, email-client-safe layout. */
function layout(lang: string, title: string, paragraphs: string[], action?: Action, footer: Footer = {}) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#2f9e5b;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>`
    : '';
  return frame(lang, `<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}`, footer);
}

/** SwapU's mail frame around content that is already HTML (escaped or sanitised by the caller). */
export function frame(lang: string, content: string, footer: Footer = {}) {
  const unsubscribe = footer.unsubscribe
    ? `<br><a href="${escape(footer.unsubscribe.url)}" style="color:#888">${escape(footer.unsubscribe.label)}</a>`
    : '';
  return `<!doctype html><html lang="${isPt(lang) ? 'pt-PT' : 'en-AU'}"><body style="margin:0;background:#faf8f5;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#fff;border-radius:16px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:800;color:#1b7a43;margin:0 0 24px">SwapU</p>
${content}
<p style="font-size:12px;color:#888;margin-top:32px">${escape(isPt(lang) ? TAGLINE.pt : TAGLINE.en)}${unsubscribe}</p>
</td></tr></table></td></tr></table></body></html>`;
}

const text = (title: string, paragraphs: string[], action?: Action, footer: Footer = {}) =>
  [
    title,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '— SwapU',
    ...(footer.unsubscribe ? ['', `${footer.unsubscribe.label}: ${footer.unsubscribe.url}`] : []),
  ].join('\n');

export const build = (
  lang: string,
  title: string,
  subject: string,
  paragraphs: string[],
  action?: Action,
  footer?: Footer,
): MailContent => ({
  subject,
  text: text(title, paragraphs, action, footer),
  html: layout(lang, title, paragraphs, action, footer),
});

/** A non-transactional mail: it cannot be built without a working unsubscribe link. */
export const marketing = (lang: string, title: string, subject: string, paragraphs: string[], unsubscribeUrl: string, action?: Action) =>
  build(lang, title, subject, paragraphs, action, {
    unsubscribe: { label: isPt(lang) ? 'Cancelar a subscrição' : 'Unsubscribe', url: unsubscribeUrl },
  });
