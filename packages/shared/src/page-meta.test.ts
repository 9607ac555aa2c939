import { describe, expect, it } from 'vitest';
import { clip, pageMeta } from './page-meta';

const post = { title: 'Trek road bike', description: '', cashValueCents: 45_000, suburb: 'Fitzroy', auState: 'VIC', images: [] };

describe('page meta', () => {
  it('clips a description at a word, under 160 characters, with an ellipsis', () => {
    const long = 'word '.repeat(60);
    const out = clip(long);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith('word…')).toBe(true);
    expect(clip('  short\n text  ')).toBe('short text');
  });

  it('titles a listing with its price in the page language, and describes it when its owner wrote nothing', () => {
    expect(pageMeta.post('en-US', post)).toMatchObject({
      title: 'Trek road bike – A$450 | SwapU',
      description: 'Trek road bike, valued at A$450 in Fitzroy, VIC. Swap it on SwapU.',
      type: 'product',
      image: null,
      noindex: false,
    });
    expect(pageMeta.post('pt-PT', post).description).toMatch(
      /^Trek road bike, avaliado em 450\s?AU\$ em Fitzroy, VIC\. Troque-o na SwapU\.$/,
    );
  });

  it('uses the first photo as the preview, and keeps empty searches and unavailable listings out of the index', () => {
    const withPhoto = { ...post, images: [{ id: 'i', url: '/media/p/i/lg.webp', srcSet: '', thumbUrl: '', width: 1, height: 1 }] };
    expect(pageMeta.post('en-US', withPhoto).image).toBe('/media/p/i/lg.webp');
    expect(pageMeta.search('en-US', '').noindex).toBe(true);
    expect(pageMeta.search('pt-PT', 'bicicleta')).toMatchObject({ title: 'Trocas para «bicicleta» | SwapU', noindex: false });
    expect(pageMeta.postUnavailable('en-US')).toMatchObject({ noindex: true, title: 'Listing not available | SwapU' });
  });
});
