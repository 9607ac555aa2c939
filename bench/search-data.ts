// Realistic listings for bench:search, generated deterministically (same seed, same marketplace).
// Word frequencies are shaped like a real marketplace: a few words appear in most listings
// ("condition", "pick"), category nouns and adjectives in about 1 %, and thousands of brand names
// in about 0.01 % each.
import { CATEGORIES, CONDITIONS } from '../packages/shared/src/constants';

export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  return { next, int, pick };
}
export type Random = ReturnType<typeof createRandom>;

const NOUNS: Record<string, string[]> = {
  '4x4s-and-utes': ['ute', 'canopy', 'bullbar', 'snorkel', 'winch', 'tray'],
  'handbags-and-accessories': ['handbag', 'purse', 'wallet', 'tote', 'clutch', 'scarf'],
  antiques: ['gramophone', 'sideboard', 'clock', 'teapot', 'mirror', 'chest'],
  baby: ['pram', 'cot', 'stroller', 'highchair', 'bassinet', 'carrier'],
  bicycles: ['bicycle', 'bike', 'helmet', 'pump', 'wheelset', 'saddle'],
  boats: ['tinny', 'outboard', 'trailer', 'anchor', 'dinghy', 'kayak'],
  'camping-and-fishing': ['tent', 'swag', 'rod', 'reel', 'esky', 'lantern'],
  'car-parts': ['tyres', 'rims', 'headlight', 'battery', 'radiator', 'bumper'],
  caravans: ['caravan', 'camper', 'awning', 'annexe', 'jockey', 'hitch'],
  cars: ['sedan', 'hatchback', 'wagon', 'coupe', 'convertible', 'hybrid'],
  'childrens-fashion': ['onesie', 'pyjamas', 'raincoat', 'sneakers', 'dress', 'hoodie'],
  'comic-books-and-collectables': ['comic', 'figurine', 'poster', 'card', 'coin', 'stamp'],
  electronics: ['laptop', 'tablet', 'speaker', 'headphones', 'monitor', 'camera'],
  'everything-else': ['umbrella', 'suitcase', 'candle', 'basket', 'blanket', 'frame'],
  food: ['honey', 'jam', 'chutney', 'sourdough', 'olive', 'coffee'],
  furniture: ['sofa', 'table', 'chair', 'bookshelf', 'dresser', 'ottoman'],
  gaming: ['console', 'controller', 'headset', 'cartridge', 'joystick', 'keyboard'],
  'garden-and-home': ['lawnmower', 'pots', 'hose', 'rug', 'lamp', 'curtains'],
  hobbies: ['easel', 'telescope', 'drone', 'puzzle', 'loom', 'microscope'],
  'homemade-crafts': ['quilt', 'beanie', 'pottery', 'macrame', 'soap', 'earrings'],
  kitchen: ['blender', 'kettle', 'toaster', 'saucepan', 'mixer', 'airfryer'],
  'mens-fashion': ['jacket', 'boots', 'suit', 'shirt', 'jeans', 'belt'],
  'mens-watches-and-sneakers': ['watch', 'chronograph', 'trainers', 'runners', 'strap', 'kicks'],
  motorbikes: ['motorbike', 'scooter', 'dirtbike', 'exhaust', 'fairing', 'gloves'],
  'musical-instruments': ['guitar', 'piano', 'violin', 'drums', 'ukulele', 'amplifier'],
  'odd-jobs': ['gardening', 'cleaning', 'painting', 'removal', 'assembly', 'tutoring'],
  ooshies: ['ooshie', 'ooshies', 'keyring', 'topper', 'collection', 'minis'],
  'pet-accessories': ['kennel', 'leash', 'aquarium', 'birdcage', 'scratcher', 'bed'],
  'produce-and-homemade-foods': ['lemons', 'eggs', 'avocados', 'seedlings', 'herbs', 'pickles'],
  services: ['lessons', 'repairs', 'photography', 'haircut', 'alterations', 'babysitting'],
  'sporting-goods': ['dumbbells', 'treadmill', 'racquet', 'surfboard', 'skateboard', 'golfclubs'],
  textbooks: ['textbook', 'workbook', 'novel', 'dictionary', 'atlas', 'guide'],
  tools: ['drill', 'saw', 'sander', 'toolbox', 'ladder', 'compressor'],
  toys: ['lego', 'doll', 'trainset', 'scooter', 'plush', 'boardgame'],
  'water-sports': ['paddleboard', 'wetsuit', 'bodyboard', 'snorkel', 'fins', 'lifejacket'],
  'womens-watches-and-jewellery': ['necklace', 'bracelet', 'ring', 'pendant', 'bangle', 'brooch'],
  'womens-fashion': ['dress', 'skirt', 'blouse', 'heels', 'coat', 'jumpsuit'],
};

const ADJECTIVES = [
  'vintage',
  'wooden',
  'leather',
  'red',
  'blue',
  'black',
  'white',
  'large',
  'small',
  'compact',
  'retro',
  'modern',
  'classic',
  'handmade',
  'electric',
  'folding',
  'portable',
  'heavy-duty',
  'kids',
  'antique',
  'oak',
  'timber',
  'steel',
  'cast-iron',
  'waterproof',
  'wireless',
  'deluxe',
  'mini',
  'giant',
  'premium',
];

const SYLLABLES = [
  'ka',
  'zor',
  'vik',
  'mel',
  'tan',
  'ro',
  'bex',
  'lu',
  'qui',
  'dra',
  'no',
  'fen',
  'sa',
  'tor',
  'pil',
  'gra',
  'ven',
  'o',
  'mu',
  'zet',
];
/** 2,000 made-up brand names: each lands in about 1 in 10,000 listings. */
export const BRANDS: string[] = (() => {
  const r = createRandom(7);
  const out = new Set<string>();
  while (out.size < 2000) out.add(r.pick(SYLLABLES) + r.pick(SYLLABLES) + r.pick(SYLLABLES));
  return [...out];
})();

const SENTENCES = [
  'In good condition.',
  'Excellent condition, hardly used.',
  'Used condition with some marks, see photos.',
  'Great condition for its age.',
  'Pick up from {suburb} or can post.',
  'Pick up only.',
  'Smoke-free and pet-free home.',
  'Happy to swap for something useful.',
  'Open to offers and swaps.',
  'Moving house so it has to go.',
  'Works perfectly.',
  'Comes with the original box.',
  'Barely used, like new.',
  'Bought last year, no longer needed.',
  'Selling because we upgraded.',
  'Some wear on the {noun} but fully working.',
  'Would suit a {adj} {noun} lover.',
  'Please message with questions.',
];

export interface Locality {
  suburb: string;
  postcode: string;
  auState: string;
  lat: number;
  lng: number;
}

export interface GeneratedPost {
  id: string;
  ownerId: string;
  state: string;
  title: string;
  description: string;
  categories: string[];
  keywords: string[];
  wishCategories: string[];
  wishKeywords: string[];
  cashValueCents: number;
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  locality: Locality;
  condition: string;
  openToSelling: boolean;
  openToSwapAnything: boolean;
  deliveryOption: string;
  boostedUntil: Date | null;
  createdAt: Date;
  publishedAt: Date | null;
}

const DAY = 86_400_000;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Metro postcodes (most listings are in the cities) plus the rest of the country. */
export function localityPicker(all: Locality[], r: Random) {
  const metro = all.filter((l) => /^(2[01]\d\d|3[01]\d\d|40\d\d|41[0-7]\d|50\d\d|51\d\d|60\d\d|61\d\d)$/.test(l.postcode));
  return () => (r.next() < 0.7 && metro.length ? r.pick(metro) : r.pick(all));
}

/**
 * The i-th of `total` listings. Listings arrive over a year in order, as in a real table (rows are
 * appended as people list), with a few hours of jitter.
 */
export function generatePost(i: number, total: number, r: Random, owners: string[], locality: () => Locality, now: Date): GeneratedPost {
  const category = r.pick(CATEGORIES);
  const nouns = NOUNS[category] ?? ['item'];
  const noun = r.pick(nouns);
  const adj = r.pick(ADJECTIVES);
  const brand = r.next() < 0.2 ? r.pick(BRANDS) : null;
  const parts = [r.next() < 0.35 ? adj : null, brand, noun, r.next() < 0.2 ? r.pick(['set', 'bundle', 'pair', 'kit', 'lot']) : null].filter(
    Boolean,
  ) as string[];
  const title = cap(parts.join(' '));
  const loc = locality();
  const sentences: string[] = [];
  const n = 2 + r.int(3);
  for (let s = 0; s < n; s++) {
    sentences.push(r.pick(SENTENCES).replace('{suburb}', loc.suburb).replace('{noun}', noun).replace('{adj}', r.pick(ADJECTIVES)));
  }
  // Most descriptions mention the condition: the very common word of the benchmark.
  if (r.next() < 0.6 && !sentences.some((s) => s.includes('condition'))) sentences.unshift('Good condition.');
  const keywords = [...new Set(Array.from({ length: r.int(4) }, () => r.pick(nouns)))];
  const secondCategory = r.next() < 0.15 ? r.pick(CATEGORIES) : null;
  const wishCategory = r.pick(CATEGORIES);
  const roll = r.next();
  const state = roll < 0.03 ? 'draft' : roll < 0.05 ? 'archived' : roll < 0.07 ? 'swapped' : 'published';
  const listedAt = now.getTime() - 365 * DAY * (1 - i / total) - r.next() * 6 * 3600_000;
  const publishedAt = state === 'draft' ? null : new Date(listedAt);
  const createdAt = new Date(listedAt - r.int(3 * DAY));
  const value = Math.round(Math.exp(2 + r.next() * 6.5)) * 100;
  return {
    id: `b${i.toString(36).padStart(7, '0')}`,
    ownerId: r.pick(owners),
    state,
    title,
    description: sentences.join(' '),
    categories: secondCategory && secondCategory !== category ? [category, secondCategory] : [category],
    keywords,
    wishCategories: [wishCategory],
    wishKeywords: r.next() < 0.5 ? [r.pick(NOUNS[wishCategory] ?? ['item'])] : [],
    cashValueCents: value,
    weightKg: Math.round((0.2 + r.next() * 30) * 10) / 10,
    lengthCm: 10 + r.int(150),
    widthCm: 10 + r.int(80),
    heightCm: 5 + r.int(100),
    locality: loc,
    condition: r.pick(CONDITIONS),
    openToSelling: r.next() < 0.45,
    openToSwapAnything: r.next() < 0.25,
    deliveryOption: r.next() < 0.6 ? 'sendle' : 'person-to-person',
    boostedUntil: state === 'published' && r.next() < 0.003 ? new Date(now.getTime() + r.int(7 * DAY)) : null,
    createdAt,
    publishedAt,
  };
}

/** One row of COPY's text format. */
export function copyLine(values: (string | number | boolean | null | string[] | Date)[]): string {
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  return (
    values
      .map((v) => {
        if (v === null) return '\\N';
        if (v instanceof Date) return v.toISOString();
        if (Array.isArray(v)) return esc(`{${v.map((x) => `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`);
        if (typeof v === 'boolean') return v ? 't' : 'f';
        return esc(String(v));
      })
      .join('\t') + '\n'
  );
}

export const POST_COLUMNS = [
  'id',
  'owner_id',
  'state',
  'title',
  'description',
  'categories',
  'keywords',
  'wish_categories',
  'wish_keywords',
  'cash_value_cents',
  'weight_kg',
  'length_cm',
  'width_cm',
  'height_cm',
  'suburb',
  'postcode',
  'au_state',
  'lat',
  'lng',
  'condition',
  'open_to_selling',
  'open_to_swap_anything',
  'delivery_option',
  'boosted_until',
  'created_at',
  'updated_at',
  'published_at',
];

export function postLine(p: GeneratedPost): string {
  return copyLine([
    p.id,
    p.ownerId,
    p.state,
    p.title,
    p.description,
    p.categories,
    p.keywords,
    p.wishCategories,
    p.wishKeywords,
    p.cashValueCents,
    p.weightKg,
    p.lengthCm,
    p.widthCm,
    p.heightCm,
    p.locality.suburb,
    p.locality.postcode,
    p.locality.auState,
    p.locality.lat,
    p.locality.lng,
    p.condition,
    p.openToSelling,
    p.openToSwapAnything,
    p.deliveryOption,
    p.boostedUntil,
    p.createdAt,
    p.createdAt,
    p.publishedAt,
  ]);
}
