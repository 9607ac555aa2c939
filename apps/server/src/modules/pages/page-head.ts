import type { FastifyInstance } from 'fastify';
import type { BlogPost, PostDetail } from '@swapu/shared/api';
import type { Pairing } from '@swapu/shared/engagement';
import type { Locale } from '@swapu/shared/constants';
import { endpoints, urlOf } from '@swapu/shared/endpoints';
import { pageMeta } from '@swapu/shared/page-meta';
import { paths } from '@swapu/shared/paths';
import type { PageHead } from './html-shell';

/**
 * A public API answer exactly as a guest gets it (the same guards, early-access rule and shared
 * renderings), or null when a guest gets none: a page's head never says more than the API would.
 */
async function asGuest<T>(app: FastifyInstance, url: string): Promise<T | null> {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  return res.statusCode === 200 ? (res.json() as T) : null;
}

const CONDITION: Record<PostDetail['condition'], string> = {
  new: 'https://schema.org/NewCondition',
  'used-like-new': 'https://schema.org/UsedCondition',
  'used-good': 'https://schema.org/UsedCondition',
  'used-fair': 'https://schema.org/UsedCondition',
};

/** schema.org Product with its Offer: what search engines show as a listing's price and availability. */
export function productJsonLd(post: PostDetail, canonical: string, publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: post.title,
    description: post.description,
    sku: post.id,
    image: post.images.map((i) => new URL(i.url, `${publicUrl}/`).href),
    itemCondition: CONDITION[post.condition],
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: (post.cashValueCents / 100).toFixed(2),
      priceCurrency: 'AUD',
      availability: post.state === 'published' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      ...(post.suburb ? { availableAtOrFrom: { '@type': 'Place', address: [post.suburb, post.auState].filter(Boolean).join(', ') } } : {}),
    },
  };
}

/** A path segment decoded, or null when it is not valid percent-encoding (nothing to look up). */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const STATIC: Record<string, (locale: Locale) => ReturnType<typeof pageMeta.home>> = {
  [paths.home]: pageMeta.home,
  [paths.allCategories]: pageMeta.allCategories,
  [paths.blog]: pageMeta.blog,
  [paths.faq]: pageMeta.faq,
  [paths.terms]: pageMeta.terms,
  [paths.privacy]: pageMeta.privacy,
  [paths.activity]: pageMeta.activity,
  [paths.leaderboard]: pageMeta.leaderboard,
  [paths.swapSwipe]: pageMeta.swapSwipe,
};

/** The head of the page at this address, as a guest in this language sees it. */
export async function pageHead(app: FastifyInstance, url: URL, locale: Locale, publicUrl: string): Promise<PageHead> {
  const canonical = `${publicUrl}${url.pathname === '/' ? '/' : url.pathname}`;
  const plain = (meta: PageHead['meta']): PageHead => ({ meta, canonical, jsonLd: null });

  const fixed = STATIC[url.pathname];
  if (fixed) return plain(fixed(locale));

  if (url.pathname === paths.search) {
    const q = url.searchParams.get('keyword') ?? '';
    const query = q.trim() ? `?keyword=${encodeURIComponent(q.trim())}` : '';
    return { meta: pageMeta.search(locale, q), canonical: `${publicUrl}${paths.search}${query}`, jsonLd: null };
  }

  const post = /^\/viewPost\/([^/]+)$/.exec(url.pathname);
  if (post) {
    const id = decoded(post[1]!);
    const found = id === null ? null : await asGuest<PostDetail>(app, urlOf(endpoints.post.pattern, { id }));
    // Drafts, archived listings and early-access ones are not shown to a guest: nothing of them is said.
    if (!found || found.state === 'draft' || found.state === 'archived') return plain(pageMeta.postUnavailable(locale));
    return {
      meta: pageMeta.post(locale, found),
      canonical,
      jsonLd: productJsonLd(found, canonical, publicUrl),
      og: { 'product:price:amount': (found.cashValueCents / 100).toFixed(2), 'product:price:currency': 'AUD' },
    };
  }

  const pairing = /^\/swap-swipe\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (pairing) {
    const [mine, theirs] = [decoded(pairing[1]!), decoded(pairing[2]!)];
    const found =
      mine && theirs ? await asGuest<Pairing>(app, urlOf(endpoints.swipePairing.pattern, { postId: mine, counterId: theirs })) : null;
    return plain(found ? pageMeta.pairing(locale, found) : pageMeta.swapSwipe(locale));
  }

  const blog = /^\/swapu-blog\/post\/([^/]+)$/.exec(url.pathname);
  if (blog) {
    const id = decoded(blog[1]!);
    const found = id === null ? null : await asGuest<BlogPost>(app, urlOf(endpoints.blogPost.pattern, { id }));
    return plain(found ? pageMeta.blogPost(found) : pageMeta.blog(locale));
  }

  // Everything else (signed-in pages, unknown paths the web app looks up): the site's own head.
  return plain(pageMeta.home(locale));
}
