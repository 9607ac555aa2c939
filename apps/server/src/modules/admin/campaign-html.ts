import type { convert } from 'html-to-text';
import type sanitizeHtml from 'sanitize-html';
import { lazyModule } from '../../lib/lazy-module';

const sanitizer = lazyModule<typeof sanitizeHtml>('sanitize-html');
const htmlToText = lazyModule<{ convert: typeof convert }>('html-to-text');

/**
 * The campaign editor's HTML as it may go out (issue 20): simple formatting only — paragraphs,
 * headings, bold/italic/underline/strike, lists, quotes, rules, code, line breaks and links to
 * http(s) and mailto addresses. Everything else is removed: scripts and styles with their content,
 * event handlers, style and class attributes, images, iframes and forms. Links open in a new tab
 * without access to the opener. Whatever the editor sends, the server keeps only this.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped with everything inside them (not just their tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object', 'template', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
    // Editors write <b>/<i> for the same thing: one form in the mail.
    b: 'strong',
    i: 'em',
  },
};

/** The HTML a campaign may carry (see OPTIONS). */
export function sanitiseCampaignHtml(html: string): string {
  const clean = sanitizer()(html, OPTIONS).trim();
  // A link whose href was refused keeps its tag without one: unwrap it to its text.
  return clean.replace(/<a target="_blank" rel="noopener noreferrer">([\s\S]*?)<\/a>/g, '$1');
}

/**
 * The plain-text part of a campaign: its words with line breaks, list bullets and each link's
 * address after its text ("SwapU [https://swapu.au]"), wrapped at 78 characters.
 */
export function campaignText(sanitisedHtml: string): string {
  return htmlToText()
    .convert(sanitisedHtml, {
      wordwrap: 78,
      selectors: [
        { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'] } },
        { selector: 'h1', options: { uppercase: false } },
        { selector: 'h2', options: { uppercase: false } },
        { selector: 'h3', options: { uppercase: false } },
        { selector: 'h4', options: { uppercase: false } },
      ],
    })
    .trim();
}
