import type { PostDetail, BlogPost } from './api';
import type { Locale } from './constants';
import { formatMoney } from './money';

/**
 * What a public page says about itself in its <head>: the title a tab and a search result show,
 * the description, and what a chat app's link preview shows (Open Graph). The server writes these
 * into the HTML it sends; the web app sets the same title when a person navigates, so both agree.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type. */
  type: 'website' | 'product' | 'article';
  /** The preview image (a path on this site or an absolute URL); the site's own when null. */
  image: string | null;
  /** Pages that must not be indexed (a listing a guest may not see, an empty search). */
  noindex: boolean;
}

interface Texts {
  tagline: string;
  homeDescription: string;
  searchFor: (q: string) => string;
  searchTitle: string;
  searchDescription: (q: string) => string;
  allCategories: string;
  allCategoriesDescription: string;
  blog: string;
  blogDescription: string;
  faq: string;
  terms: string;
  privacy: string;
  activity: string;
  activityDescription: string;
  leaderboard: string;
  leaderboardDescription: string;
  swapSwipe: string;
  swapSwipeDescription: string;
  pairing: (mine: string, theirs: string) => string;
  pairingDescription: (mine: string, theirs: string) => string;
  deliveryCalculator: string;
  deliveryCalculatorDescription: string;
  postDescription: (title: string, price: string, place: string) => string;
  unavailable: string;
}

const TEXTS: Record<Locale, Texts> = {
  'en-US': {
    tagline: 'SwapU – swap what you have for what you need',
    homeDescription:
      "Australia's swap marketplace: list what you no longer use and swap it for what you need — item for item, for cash, or both, with courier delivery.",
    searchFor: (q) => `Swaps for “${q}”`,
    searchTitle: 'Search swaps',
    searchDescription: (q) =>
      `Items people across Australia want to swap${q ? ` for “${q}”` : ''}: browse, like and make an offer on SwapU.`,
    allCategories: 'All categories',
    deliveryCalculator: 'Delivery calculator',
    deliveryCalculatorDescription:
      'What a courier costs between two Australian postcodes, and when the parcel arrives: shoebox to check-in size.',
    allCategoriesDescription: 'Every category of items people are swapping on SwapU, from bicycles to books.',
    blog: 'The SwapU blog',
    blogDescription: 'Stories, tips and news about swapping, reuse and the SwapU community.',
    faq: 'Frequently asked questions',
    terms: 'Terms and conditions',
    privacy: 'Privacy policy',
    activity: 'Community activity',
    activityDescription: 'The latest swaps and listings on SwapU, and how much the community has kept out of landfill.',
    leaderboard: 'Leaderboard',
    leaderboardDescription:
      'Who is swapping the most on SwapU this week, this month and of all time: points for listing, swapping and reviewing.',
    swapSwipe: 'Swap Swipe: swipe through swaps for your items',
    swapSwipeDescription:
      "Pick one of your items and swipe through swaps suggested for it: right to like, left to pass. When they like yours back, it's a match.",
    pairing: (mine, theirs) => `${mine} for ${theirs}`,
    pairingDescription: (mine, theirs) => `A swap idea on SwapU: ${mine} for ${theirs}. See why it fits and make an offer.`,
    postDescription: (title, price, place) => `${title}, valued at ${price}${place ? ` in ${place}` : ''}. Swap it on SwapU.`,
    unavailable: 'Listing not available',
  },
  'pt-PT': {
    tagline: 'SwapU – troque o que tem pelo que precisa',
    homeDescription:
      'O mercado de trocas da Austrália: anuncie o que já não usa e troque-o pelo que precisa — artigo por artigo, por dinheiro ou ambos, com entrega por estafeta.',
    searchFor: (q) => `Trocas para «${q}»`,
    searchTitle: 'Pesquisar trocas',
    searchDescription: (q) =>
      `Artigos que pessoas de toda a Austrália querem trocar${q ? ` para «${q}»` : ''}: explore, goste e faça uma oferta na SwapU.`,
    allCategories: 'Todas as categorias',
    deliveryCalculator: 'Calculadora de envios',
    deliveryCalculatorDescription:
      'Quanto custa um envio por transportadora entre dois códigos postais australianos e quando chega: do tamanho caixa de sapatos ao de porão.',
    allCategoriesDescription: 'Todas as categorias de artigos que se trocam na SwapU, de bicicletas a livros.',
    blog: 'O blogue SwapU',
    blogDescription: 'Histórias, dicas e novidades sobre trocas, reutilização e a comunidade SwapU.',
    faq: 'Perguntas frequentes',
    terms: 'Termos e condições',
    privacy: 'Política de privacidade',
    activity: 'Atividade da comunidade',
    activityDescription: 'As trocas e os anúncios mais recentes na SwapU, e quanto a comunidade já poupou ao aterro.',
    leaderboard: 'Classificação',
    leaderboardDescription: 'Quem mais troca na SwapU esta semana, este mês e desde sempre: pontos por anunciar, trocar e avaliar.',
    swapSwipe: 'Swap Swipe: deslize pelas trocas para os seus artigos',
    swapSwipeDescription:
      'Escolha um dos seus artigos e deslize pelas trocas sugeridas: para a direita gosta, para a esquerda passa. Quando gostarem do seu, é um match.',
    pairing: (mine, theirs) => `${mine} por ${theirs}`,
    pairingDescription: (mine, theirs) => `Uma ideia de troca na SwapU: ${mine} por ${theirs}. Veja porque combina e faça uma oferta.`,
    postDescription: (title, price, place) => `${title}, avaliado em ${price}${place ? ` em ${place}` : ''}. Troque-o na SwapU.`,
    unavailable: 'Anúncio indisponível',
  },
};

const SITE = 'SwapU';
const withSite = (title: string) => `${title} | ${SITE}`;
const DESCRIPTION_MAX = 160;

/** A description no longer than search engines show: cut at a word, with an ellipsis. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const page = (title: string, description: string, more: Partial<PageMeta> = {}): PageMeta => ({
  title,
  description,
  type: 'website',
  image: null,
  noindex: false,
  ...more,
});

export const pageMeta = {
  home: (locale: Locale) => page(TEXTS[locale].tagline, TEXTS[locale].homeDescription),
  search: (locale: Locale, q: string) => {
    const t = TEXTS[locale];
    const words = q.trim();
    // A search without words is a filter page: useful to people, not to an index.
    return page(withSite(words ? t.searchFor(words) : t.searchTitle), t.searchDescription(words), { noindex: !words });
  },
  allCategories: (locale: Locale) => page(withSite(TEXTS[locale].allCategories), TEXTS[locale].allCategoriesDescription),
  blog: (locale: Locale) => page(withSite(TEXTS[locale].blog), TEXTS[locale].blogDescription),
  blogPost: (post: Pick<BlogPost, 'title' | 'summary'> & { coverUrl?: string | null }) =>
    page(withSite(post.title), clip(post.summary), { type: 'article', image: post.coverUrl ?? null }),
  faq: (locale: Locale) => page(withSite(TEXTS[locale].faq), TEXTS[locale].homeDescription),
  terms: (locale: Locale) => page(withSite(TEXTS[locale].terms), TEXTS[locale].homeDescription),
  privacy: (locale: Locale) => page(withSite(TEXTS[locale].privacy), TEXTS[locale].homeDescription),
  activity: (locale: Locale) => page(withSite(TEXTS[locale].activity), TEXTS[locale].activityDescription),
  leaderboard: (locale: Locale) => page(withSite(TEXTS[locale].leaderboard), TEXTS[locale].leaderboardDescription),
  swapSwipe: (locale: Locale) => page(withSite(TEXTS[locale].swapSwipe), TEXTS[locale].swapSwipeDescription),
  /** A shareable Swap Swipe pairing: both items named, the suggested one's photo. */
  pairing: (locale: Locale, p: { post: { title: string }; counter: { title: string; thumbUrl: string | null } }) =>
    page(
      withSite(TEXTS[locale].pairing(p.post.title, p.counter.title)),
      clip(TEXTS[locale].pairingDescription(p.post.title, p.counter.title)),
      {
        image: p.counter.thumbUrl,
        noindex: true,
      },
    ),
  deliveryCalculator: (locale: Locale) => page(withSite(TEXTS[locale].deliveryCalculator), TEXTS[locale].deliveryCalculatorDescription),
  post: (locale: Locale, post: Pick<PostDetail, 'title' | 'description' | 'cashValueCents' | 'suburb' | 'auState' | 'images'>) => {
    const price = formatMoney(post.cashValueCents, locale);
    const place = [post.suburb, post.auState].filter(Boolean).join(', ');
    return page(withSite(`${post.title} – ${price}`), clip(post.description || TEXTS[locale].postDescription(post.title, price, place)), {
      type: 'product',
      image: post.images[0]?.url ?? null,
    });
  },
  /** A listing that does not exist, or that a guest may not see yet: nothing of it is said. */
  postUnavailable: (locale: Locale) => page(withSite(TEXTS[locale].unavailable), TEXTS[locale].homeDescription, { noindex: true }),
};
