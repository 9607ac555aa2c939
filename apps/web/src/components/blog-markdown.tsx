import { Marked, type Tokens } from 'marked';

/**
 * Blog posts are written in markdown (GitHub's flavour) and shown through this one renderer, on
 * the public post and in the console's preview alike, so what the admin previews is what readers
 * get. Written by admins, still kept safe: raw HTML in the source is shown as text (never
 * injected), and links and images only keep http(s), mailto and relative addresses.
 */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** http(s) and mailto, or an address with no scheme at all (no colon, no entity, no backslash). */
export const isSafeUrl = (href: string) => /^(?:https?:\/\/|mailto:)/i.test(href.trim()) || !/[:&\\\s]/.test(href.trim());

const marked = new Marked({
  gfm: true,
  async: false,
  walkTokens(token) {
    if (token.type === 'link' || token.type === 'image') {
      const t = token as Tokens.Link | Tokens.Image;
      if (!isSafeUrl(t.href)) t.href = '#';
    }
  },
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const external = /^https?:\/\//i.test(href);
      const rel = external ? ' rel="noopener noreferrer nofollow ugc" target="_blank"' : '';
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}${rel}>${inner}</a>`;
    },
    image({ href, title, text }) {
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy" />`;
    },
  },
});

/**
 * The post's markdown as HTML (safe to inject, see above). Code blocks and tables scroll sideways
 * when wider than a phone (global.css), so each is a tab stop for the keyboard to scroll it (WCAG
 * 2.1.1; axe-core's scrollable-region-focusable). Raw HTML being escaped, these tags are marked's own.
 */
export const renderBlogMarkdown = (source: string) =>
  (marked.parse(source.replace(/\r\n/g, '\n')) as string).replace(/<(pre|table)>/g, '<$1 tabindex="0">');

export function BlogMarkdown({ source, testId }: { source: string; testId?: string }) {
  return (
    <div className="swapu-prose swapu-markdown" data-testid={testId} dangerouslySetInnerHTML={{ __html: renderBlogMarkdown(source) }} />
  );
}
