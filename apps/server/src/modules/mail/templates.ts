/** Mail templates: HTML + text, in en-US or pt-PT by the recipient's language. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Wraps paragraphs and an optional button in SwapU's simple, email-client-safe layout. */
function layout(title: string, paragraphs: string[], action?: { label: string; url: string }, footer?: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#2f9e5b;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#faf8f5;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:16px;padding:32px">
<tr><td><p style="font-size:22px;font-weight:800;color:#1b7a43;margin:0 0 24px">SwapU</p>
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}
<p style="font-size:12px;color:#888;margin-top:32px">${escape(footer ?? 'SwapU — swap what you have for what you need.')}</p>
</td></tr></table></td></tr></table></body></html>`;
}

const text = (title: string, paragraphs: string[], action?: { label: string; url: string }) =>
  [title, '', ...paragraphs.flatMap((p) => [p, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : []), '— SwapU'].join('\n');

const build = (title: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent => ({
  subject,
  text: text(title, paragraphs, action),
  html: layout(title, paragraphs, action),
});

export function welcomeMail(lang: string, p: { name: string; url: string }): MailContent {
  return lang.startsWith('pt')
    ? build(
        `Bem-vindo à SwapU, ${p.name}!`,
        'Bem-vindo à SwapU',
        [
          'A sua conta está pronta. Publique os artigos que já não usa e troque-os por artigos, dinheiro ou ambos com pessoas perto de si.',
          'Comece por indicar o seu subúrbio e os seus interesses para lhe mostrarmos trocas à sua medida.',
        ],
        { label: 'Começar a trocar', url: p.url },
      )
    : build(
        `Welcome to SwapU, ${p.name}!`,
        'Welcome to SwapU',
        [
          'Your account is ready. List the things you no longer use and swap them for items, cash or both with people near you.',
          'Start by telling us your suburb and interests so we can show you swaps that suit you.',
        ],
        { label: 'Start swapping', url: p.url },
      );
}
