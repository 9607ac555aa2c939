import { describe, expect, it } from 'vitest';
import { isSafeUrl, renderBlogMarkdown } from './blog-markdown';

describe('blog markdown', () => {
  it('renders headings, emphasis, lists, links, quotes and code', () => {
    const html = renderBlogMarkdown(
      '## Swap tips\n\n**Bold** and *soft*.\n\n- one\n- two\n\n> quoted\n\n[Our FAQ](/FAQ) and [a site](https://example.com)\n\n`code`',
    );
    expect(html).toContain('<h2>Swap tips</h2>');
    expect(html).toContain('<strong>Bold</strong> and <em>soft</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<a href="/FAQ">Our FAQ</a>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow ugc" target="_blank">a site</a>');
    expect(html).toContain('<code>code</code>');
  });

  it('makes code blocks and tables, which scroll sideways on a phone, tab stops for the keyboard', () => {
    const html = renderBlogMarkdown('```\nnpm start\n```\n\n| Item | Value |\n| - | - |\n| Bike | A$300 |\n\n    indented\n');
    expect(html.match(/<pre tabindex="0">/g)).toHaveLength(2);
    expect(html).toContain('<table tabindex="0">');
    expect(html).not.toMatch(/<(pre|table)>/);
    // Written as text, the same tags stay text.
    expect(renderBlogMarkdown('A <pre> and a <table> in words')).not.toContain('tabindex');
  });

  it('shows raw HTML as text and drops unsafe link and image addresses', () => {
    const html = renderBlogMarkdown(
      '<script>alert(1)</script>\n\nHi <img src=x onerror="alert(2)"> there\n\n[click](javascript:alert(3)) [enc](javascript&#58;alert(4)) ![x](data:image/svg+xml,abc) [m](mailto:hi@swapu.example)',
    );
    expect(html).not.toMatch(/<script|<img src=x|onerror="/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).not.toContain('javascript');
    expect(html).not.toContain('data:image');
    expect(html).toContain('<a href="#">click</a>');
    expect(html).toContain('<a href="mailto:hi@swapu.example">m</a>');
  });

  it.each([
    ['https://swapu.example/x', true],
    ['/swapu-blog', true],
    ['post#top', true],
    ['mailto:a@b.c', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['vbscript:x', false],
    ['java&#115;cript:x', false],
    ['\\\\evil', false],
  ])('isSafeUrl(%s) is %s', (href, safe) => expect(isSafeUrl(href)).toBe(safe));
});
