import { describe, expect, it, vi } from 'vitest';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, StandardFonts, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { code128Png, isWinAnsi, PAGE_SIZES, pickupDay, qrPng, renderLabel, winAnsiText, type LabelInput, type LabelSize } from './label';
import { simulatedTrackingRef } from './local-courier';

const INPUT: LabelInput = {
  trackingRef: 'SWU7K2M9QX4B',
  courier: 'local',
  sender: { name: 'Zoë O’Brien', street: '12/48 Smith Street', suburb: 'Fitzroy', postcode: '3065', state: 'VIC' },
  receiver: { name: 'José Martínez 🚚', street: '7 Wattle Grove', suburb: 'Surry Hills', postcode: '2010', state: 'NSW' },
  itemDescription: 'Vintage Pentax K1000 film camera with 50mm lens',
  parcel: { weightKg: 1.25, lengthCm: 30, widthCm: 20, heightCm: 15 },
  pickupDate: '2026-11-24',
  instructions: 'Leave at the side gate if nobody answers. Ring twice — the doorbell is quiet.',
  createdAt: new Date('2026-11-20T00:00:00.000Z'),
};
const SIZES: LabelSize[] = ['a4', '4x6'];

// --- Reading the PDF back ---------------------------------------------------------------------

function streamBytes(doc: PDFDocument, ref: unknown): Uint8Array {
  const stream = doc.context.lookup(ref as never) as PDFRawStream;
  return decodePDFRawStream(stream).decode();
}

/** The strings the page draws (pdf-lib writes standard-font text as `<hex> Tj`, WinAnsi bytes). */
function drawnText(doc: PDFDocument, page: PDFPage): string[] {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))];
  const ops = refs.map((r) => Buffer.from(streamBytes(doc, r)).toString('latin1')).join('\n');
  const winAnsi = new TextDecoder('windows-1252');
  return [...ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => winAnsi.decode(Buffer.from(m[1] ?? '', 'hex')));
}

interface Raster {
  width: number;
  height: number;
  /** Whether the pixel at (x, y) is dark (y from the top). */
  dark: (x: number, y: number) => boolean;
}

/** The page's images, as rasters (pdf-lib stores a PNG as flate RGB plus an alpha SMask). */
function images(doc: PDFDocument, page: PDFPage): Raster[] {
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  return xobjects
    .values()
    .map((ref) => doc.context.lookup(ref) as PDFRawStream)
    .filter((s) => s.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((s) => {
      const num = (key: string) => (s.dict.lookup(PDFName.of(key), PDFNumber) as PDFNumber).asNumber();
      const [width, height] = [num('Width'), num('Height')];
      expect(s.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
      expect(num('BitsPerComponent')).toBe(8);
      const rgb = decodePDFRawStream(s).decode();
      const smask = s.dict.get(PDFName.of('SMask'));
      const alpha = smask ? streamBytes(doc, smask) : null;
      const dark = (x: number, y: number) => {
        const i = y * width + x;
        const lum = ((rgb[i * 3] ?? 255) + (rgb[i * 3 + 1] ?? 255) + (rgb[i * 3 + 2] ?? 255)) / 3;
        return (alpha ? (alpha[i] ?? 0) >= 128 : true) && lum < 128;
      };
      return { width, height, dark };
    });
}

// --- A Code 128 decoder (the standard's symbol table), to read the barcode's bars back ----------

// Values 0–105 as bar/space widths (bar, space, bar, space, bar, space); 106 is the stop.
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

/** Decodes one scan line of a Code 128 symbol (code sets B and C) from its bar and space runs. */
function decodeCode128(runs: number[]): string {
  // The total width is 11 modules a symbol plus 2 for the stop's extra bar.
  const total = runs.reduce((a, b) => a + b, 0);
  const symbols = (runs.length - 1) / 6;
  const unit = total / (symbols * 11 + 2);
  const widths = runs.map((r) => Math.round(r / unit)).join('');
  const values: number[] = [];
  for (let i = 0; i + 6 <= widths.length - 7; i += 6) {
    const v = CODE128.indexOf(widths.slice(i, i + 6));
    if (v < 0 || v > 105) throw new Error(`not a Code 128 symbol at ${i}: ${widths.slice(i, i + 6)}`);
    values.push(v);
  }
  if (widths.slice(-7) !== CODE128[106]) throw new Error('no stop pattern');
  const [start, ...rest] = values;
  const check = rest.pop();
  const sum = rest.reduce((acc, v, i) => acc + v * (i + 1), start ?? 0);
  if (sum % 103 !== check) throw new Error('bad check symbol');
  let set = start === 105 ? 'C' : start === 104 ? 'B' : 'A';
  let text = '';
  for (const v of rest) {
    if (set === 'C' && v < 100) text += String(v).padStart(2, '0');
    else if (set === 'B' && v < 95) text += String.fromCharCode(v + 32);
    else if (v === 99) set = 'C';
    else if (v === 100) set = 'B';
    else throw new Error(`unsupported value ${v} in code set ${set}`);
  }
  return text;
}

/** Reads a barcode raster along a line near its top (the bars; the human-readable text is below). */
function scanBarcode(r: Raster, y = 4): string {
  const xs = Array.from({ length: r.width }, (_, x) => r.dark(x, y));
  const first = xs.indexOf(true);
  const last = xs.lastIndexOf(true);
  const runs: number[] = [];
  for (let x = first; x <= last; x++) {
    if (x > first && xs[x] === xs[x - 1]) runs[runs.length - 1]! += 1;
    else runs.push(1);
  }
  return decodeCode128(runs);
}

async function pngRaster(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, dark: (x, y) => (data[y * info.width + x] ?? 255) < 128 };
}

// --- The tests --------------------------------------------------------------------------------

describe('renderLabel', () => {
  it.each(SIZES)('renders a one-page %s PDF with the reference in its metadata', async (size) => {
    const bytes = await renderLabel(INPUT, size);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual(PAGE_SIZES[size]);
    expect(PAGE_SIZES.a4).toEqual([595.28, 841.89]);
    expect(PAGE_SIZES['4x6']).toEqual([288, 432]);
    expect(doc.getTitle()).toBe('SwapU label SWU7K2M9QX4B');
    expect(doc.getSubject()).toBe('SWU7K2M9QX4B');
    expect(doc.getAuthor()).toBe('SwapU');
    expect(doc.getCreator()).toBe('SwapU');
    expect(doc.getProducer()).toBe('SwapU');
    expect(doc.getCreationDate()?.toISOString()).toBe(INPUT.createdAt.toISOString());
  });

  it.each(SIZES)('prints the addresses, the parcel and the reference on the %s label', async (size) => {
    const doc = await PDFDocument.load(await renderLabel(INPUT, size));
    const text = drawnText(doc, doc.getPage(0)).join('\n');
    expect(text).toContain('SwapU delivery · Local courier');
    expect(text).toContain('Tracking SWU7K2M9QX4B');
    expect(text).toContain('José Martínez'); // the emoji dropped
    expect(text).toContain('SURRY HILLS NSW\u00a02010');
    expect(text).toContain("Zoë O'Brien");
    expect(text).toContain('FITZROY VIC\u00a03065');
    expect(text).toContain('1.25 kg · 30 × 20 × 15 cm');
    expect(text).toContain('Tue 24 Nov 2026');
    expect(text).toMatch(/Vintage Pentax K1000/);
    expect(text.replace(/\n/g, ' ')).toContain(INPUT.itemDescription);
    expect(text.replace(/\n/g, ' ')).toContain(INPUT.instructions);
    if (size === 'a4') expect(text).toMatch(/Cut along the dashed line/);
  });

  it.each(SIZES)('says on a test %s label (the simulator’s, or any in test mode) that no courier comes', async (size) => {
    const doc = await PDFDocument.load(await renderLabel({ ...INPUT, test: true }, size));
    const text = drawnText(doc, doc.getPage(0)).join('\n');
    expect(text).toContain('SwapU delivery · TEST LABEL · no courier comes');
    expect(text).not.toContain('Local courier');
    if (size === 'a4') expect(text).toContain('Test mode: no courier comes for this parcel and nothing is charged.');
  });

  it.each(SIZES)('embeds a barcode that scans as the reference, and a QR code, on the %s label', async (size) => {
    const doc = await PDFDocument.load(await renderLabel(INPUT, size));
    const rasters = images(doc, doc.getPage(0));
    expect(rasters).toHaveLength(2);
    const barcode = rasters.find((r) => r.width > r.height)!;
    const qr = rasters.find((r) => r.width === r.height)!;
    expect(scanBarcode(barcode)).toBe('SWU7K2M9QX4B');
    // The QR code: a square with the three finder patterns' dark corners (the margin is one module).
    const [near, far] = [Math.floor(qr.width / 23) * 1.5, qr.width - 1 - Math.floor(qr.width / 23) * 1.5]; // 21 modules and the margin
    expect([qr.dark(near, near), qr.dark(far, near), qr.dark(near, far)]).toEqual([true, true, true]);
    expect([qr.dark(0, 0), qr.dark(qr.width - 1, qr.height - 1)]).toEqual([false, false]); // the quiet zone
  });

  it('is the same label for the same input, whatever the clock says', async () => {
    const at = async (now: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      try {
        return await PDFDocument.load(await renderLabel(INPUT, '4x6'), { updateMetadata: false });
      } finally {
        vi.useRealTimers();
      }
    };
    const [a, b] = [await at('2026-11-20T09:00:00Z'), await at('2031-01-01T00:00:00Z')];
    expect(drawnText(a, a.getPage(0))).toEqual(drawnText(b, b.getPage(0)));
    for (const doc of [a, b]) {
      expect(doc.getCreationDate()?.toISOString()).toBe(INPUT.createdAt.toISOString());
      expect(doc.getModificationDate()?.toISOString()).toBe(INPUT.createdAt.toISOString());
    }
  });

  it('draws names the standard fonts cannot encode, without throwing', async () => {
    const input: LabelInput = {
      ...INPUT,
      courier: 'sendle',
      sender: { ...INPUT.sender, name: '李小龍 🇦🇺 👩🏽‍🔧', street: 'Łódź “Street” ½ ✓', suburb: 'Ōtautahi' },
      receiver: { ...INPUT.receiver, name: 'Zoë\u0308 Ṩmith\u200d', street: '\u0000\t7\nWattle\rGrove' },
      itemDescription: '📷 camera',
      instructions: '🙂🙂🙂',
    };
    for (const size of SIZES) {
      const doc = await PDFDocument.load(await renderLabel(input, size));
      const text = drawnText(doc, doc.getPage(0)).join('\n');
      expect(text).toContain('SwapU delivery · Sendle');
      expect(text).toContain('???');
      expect(text).toContain('?ódz "Street" ½ ?');
      expect(text).toContain('OTAUTAHI');
      expect(text).toContain('7 Wattle Grove');
      expect(text).toContain('None'); // instructions that were only emoji
    }
  });

  it('wraps and cuts very long text to fit the label', async () => {
    const long = 'Please handle with care, this is fragile. '.repeat(80);
    const input: LabelInput = {
      ...INPUT,
      trackingRef: 'SWU123456789',
      receiver: {
        name: 'Maximilian Alexander Fitzgerald-Worthington the Third of Many Names '.repeat(3),
        street: 'Unit 1204, Level 12, The Very Long Apartment Building Name, 1234 Extraordinarily Long Boulevard Road',
        suburb: 'Mount Kuring-gai Heights North',
        postcode: '2080',
        state: 'NSW',
      },
      itemDescription: long,
      instructions: `${long} ${'Supercalifragilisticexpialidocious'.repeat(20)}`,
    };
    for (const size of SIZES) {
      const doc = await PDFDocument.load(await renderLabel(input, size));
      const text = drawnText(doc, doc.getPage(0));
      expect(text.some((line) => line.endsWith('…'))).toBe(true); // cut, with an ellipsis
      expect(text.join(' ').length).toBeLessThan(long.length * 2);
      const barcode = images(doc, doc.getPage(0)).find((r) => r.width > r.height)!;
      expect(scanBarcode(barcode)).toBe('SWU123456789');
    }
  });

  it('renders empty optional text', async () => {
    const input = { ...INPUT, itemDescription: '', instructions: '', pickupDate: 'soon' };
    for (const size of SIZES) {
      const doc = await PDFDocument.load(await renderLabel(input, size));
      expect(drawnText(doc, doc.getPage(0))).toContain('soon');
    }
  });
});

describe('the barcode and QR code images', () => {
  it.each(['SWU7K2M9QX4B', 'SWU123456789', simulatedTrackingRef('a-delivery-id'), 'SNTXYZ12'])(
    'encodes %s as a Code 128 PNG that decodes back to it',
    async (ref) => {
      const png = await code128Png(ref);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(scanBarcode(await pngRaster(png))).toBe(ref);
    },
  );

  it('makes a square QR PNG', async () => {
    const png = await qrPng('SWU7K2M9QX4B');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(meta.height);
  });
});

describe('winAnsiText', () => {
  it('keeps what WinAnsi encodes, straightens quotes, drops emoji and marks the rest', () => {
    expect(winAnsiText('Zoë')).toBe('Zoë');
    expect(winAnsiText('Zoe\u0308')).toBe('Zoë'); // decomposed, composed again
    expect(winAnsiText('José 🚚')).toBe('José');
    expect(winAnsiText('‘O’Brien’ “quoted” „low“')).toBe('\'O\'Brien\' "quoted" "low"');
    expect(winAnsiText('Łódź Ōtaki Ṩ')).toBe('?ódz Otaki S');
    expect(winAnsiText('李 🇦🇺 👩🏽‍🔧 ❤️ 1️⃣')).toBe('? 1');
    expect(winAnsiText('  a\n\tb  €5 — ok…  ')).toBe('a b €5 — ok…');
  });

  it('allows exactly the characters Helvetica can encode', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const charset = new Set(font.getCharacterSet());
    const ours = Array.from({ length: 0x10000 }, (_, i) => i).filter(isWinAnsi);
    expect(new Set(ours)).toEqual(charset);
    expect(() => font.encodeText(winAnsiText('José 🚚 李 ½ “x”'))).not.toThrow();
  });

  it('formats the pickup day', () => {
    expect(pickupDay('2026-11-24')).toBe('Tue 24 Nov 2026');
    expect(pickupDay('2026-02-30')).toBe('2026-02-30');
    expect(pickupDay('next week')).toBe('next week');
  });
});
