import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { renderBlogMarkdown } from '../../components/blog-markdown';
import { fetchBlob } from '../../lib/download';
import { imagePath } from './use-docs';

/**
 * A documentation page's markdown, through the blog's safe renderer (raw HTML shown as text).
 * Its images (`img/name.jpg`) come from the API with the reader's token, and its links to other
 * pages of the area (/docs/…) move within the app instead of reloading it.
 */
export function DocsMarkdown({ source, testId }: { source: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const html = useMemo(() => renderBlogMarkdown(source), [source]);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const urls: string[] = [];
    let live = true;
    for (const img of root.querySelectorAll<HTMLImageElement>('img')) {
      const name = /^img\/([a-z0-9-]+\.(?:jpg|png))$/.exec(img.getAttribute('src') ?? '')?.[1];
      if (!name) continue;
      img.removeAttribute('src');
      img.dataset.docsImage = name;
      fetchBlob(imagePath(name), 'image/*').then(
        (blob) => {
          if (!live) return;
          const url = URL.createObjectURL(blob);
          urls.push(url);
          img.src = url;
        },
        () => {
          if (live) img.dataset.failed = 'true';
        },
      );
    }
    return () => {
      live = false;
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [html]);

  const onClick = (e: React.MouseEvent) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || !href.startsWith('/') || href.startsWith('//') || a.target === '_blank') return;
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(href);
  };

  return (
    // The clicks handled are link clicks (real anchors, keyboard-reachable): this is delegation.
    <div
      ref={ref}
      className="swapu-prose swapu-markdown swapu-docs"
      data-testid={testId}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
