// The Node build (its `node` export condition is not one the TypeScript bundler resolution applies).
import type bwipjs from 'bwip-js/node';
import type { PDFFont, PDFImage, PDFPage, RGB } from 'pdf-lib';
import { lazyModule, qrCodes } from '../../lib/lazy-module';
import { ellipsize, fitText, winAnsiText, wrap } from './label-text';

/**
 * The courier label (issue 17): a printable PDF for the sender to stick on the parcel, on A4 (the
 * label in the top half, cut along the dashed line) or on a 4×6 in thermal label. Black on white
 * only (thermal printers), a Code 128 barcode and a QR code of the tracking reference for the
 * courier's scanner, and the reference in the PDF's title and subject so tests can read it back.
 */
export interface LabelInput {
  trackingRef: string;
  courier: 'local' | 'sendle';
  sender: { name: string; street: string; suburb: string; postcode: string; state: string };
  receiver: { name: string; street: string; suburb: string; postcode: string; state: string };
  itemDescription: string;
  parcel: { weightKg: number; lengthCm: number; widthCm: number; heightCm: number };
  pickupDate: string; // YYYY-MM-DD
  instructions: string;
  createdAt: Date;
  /** A label nobody collects (the courier simulator's, or any in TEST_MODE): it says so in its header and note. */
  test?: boolean;
}
export type LabelSize = 'a4' | '4x6';

type Party = LabelInput['sender'];

export const PAGE_SIZES: Record<LabelSize, [number, number]> = {
  a4: [595.28, 841.89],
  '4x6': [288, 432],
};

const COURIER_NAMES: Record<LabelInput['courier'], string> = { local: 'Local courier', sendle: 'Sendle' };
const TEST_LABEL = 'TEST LABEL · no courier comes';

// The label's text (WinAnsi only, fitted to its box) is label-text.ts's.
export { isWinAnsi, winAnsiText } from './label-text';

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

// ---------------------------------------------------------------------------------------------
// Drawing: boxes in PDF coordinates (y up, x/y the bottom-left corner).

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
const top = (b: Box) => b.y + b.h;
const rect = (b: Box) => ({ x: b.x, y: b.y, width: b.w, height: b.h });
const inset = (b: Box, p: number): Box => ({ x: b.x + p, y: b.y + p, w: b.w - 2 * p, h: b.h - 2 * p });
/** Splits a box into rows from the top; the last row takes what is left. */
function rows(b: Box, ...heights: number[]): Box[] {
  const out: Box[] = [];
  let t = top(b);
  for (const h of heights) {
    out.push({ x: b.x, y: t - h, w: b.w, h });
    t -= h;
  }
  out.push({ x: b.x, y: b.y, w: b.w, h: t - b.y });
  return out;
}
/** Splits a box into columns from the left; the last column takes what is left. */
function cols(b: Box, ...widths: number[]): Box[] {
  const out: Box[] = [];
  let x = b.x;
  for (const w of widths) {
    out.push({ x, y: b.y, w, h: b.h });
    x += w;
  }
  out.push({ x, y: b.y, w: b.x + b.w - x, h: b.h });
  return out;
}

const pdfLib = lazyModule<typeof import('pdf-lib')>('pdf-lib');
const barcodes = lazyModule<typeof bwipjs>('bwip-js/node');
/** pdf-lib's `rgb()`, written out: the colours exist before pdf-lib is loaded. */
const rgb = (red: number, green: number, blue: number) => ({ type: 'RGB', red, green, blue }) as RGB;
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);
const GREY = rgb(0.35, 0.35, 0.35);
const LINE_HEIGHT = 1.18;

/** Writes lines downwards from the top of a box. */
class Flow {
  private cursor: number;
  constructor(
    private readonly page: PDFPage,
    private readonly box: Box,
  ) {
    this.cursor = top(box);
  }

  get remaining() {
    return this.cursor - this.box.y;
  }

  gap(pt: number) {
    this.cursor -= pt;
  }

  /** A small grey caption ("TO", "PARCEL"). */
  caption(text: string, font: PDFFont, size: number) {
    this.text(text, font, { max: size, min: size, maxLines: 1, color: GREY });
  }

  text(raw: string, font: PDFFont, o: { max: number; min: number; maxLines: number; color?: typeof BLACK; align?: 'left' | 'center' }) {
    const text = winAnsiText(raw);
    if (!text) return;
    const room = Math.floor(this.remaining / (o.min * LINE_HEIGHT));
    const maxLines = Math.min(o.maxLines, room);
    if (maxLines < 1) return;
    const { size, lines } = fitText(text, font, this.box.w, { ...o, maxLines });
    for (const line of lines) {
      this.cursor -= size * LINE_HEIGHT;
      const x = o.align === 'center' ? this.box.x + (this.box.w - font.widthOfTextAtSize(line, size)) / 2 : this.box.x;
      // The baseline sits a little above the line's bottom, for the descenders.
      this.page.drawText(line, { x, y: this.cursor + size * 0.22, size, font, color: o.color ?? BLACK });
    }
  }
}

/** Draws an image as large as fits in the box (keeping its proportions), centred. */
function drawFitted(page: PDFPage, image: PDFImage, b: Box) {
  const scale = Math.min(b.w / image.width, b.h / image.height);
  const [w, h] = [image.width * scale, image.height * scale];
  page.drawImage(image, { x: b.x + (b.w - w) / 2, y: b.y + (b.h - h) / 2, width: w, height: h });
}

const hline = (page: PDFPage, b: Box, y: number, thickness = 1) =>
  page.drawLine({ start: { x: b.x, y }, end: { x: b.x + b.w, y }, thickness, color: BLACK });
const vline = (page: PDFPage, x: number, y0: number, y1: number, thickness = 1) =>
  page.drawLine({ start: { x, y: y0 }, end: { x, y: y1 }, thickness, color: BLACK });

// ---------------------------------------------------------------------------------------------
// The label's parts.

const num = (n: number) => (Number.isFinite(n) ? String(Math.round(n * 100) / 100) : '?');
/** "SURRY HILLS NSW 2010", the state and postcode held together (a no-break space) when it wraps. */
const placeLine = (p: Party) =>
  [winAnsiText(p.suburb.toUpperCase()), [p.state.toUpperCase(), p.postcode].map(winAnsiText).filter(Boolean).join('\u00a0')]
    .filter(Boolean)
    .join(' ');

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2025-03-04" → "Tue 4 Mar 2025" (a calendar date: no time zone involved). */
export function pickupDay(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd.trim());
  if (!m) return ymd;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(m[3])) return ymd;
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The reference as Code 128 can carry it (printable ASCII). */
const barcodeText = (ref: string) => ref.replace(/[^\x20-\x7e]/g, '').trim() || '?';

/** Pixels a barcode module. */
const BARCODE_SCALE = 3;

/** The Code 128 barcode of a tracking reference, human-readable text underneath (a PNG, 3 px a module). */
export const code128Png = (ref: string): Promise<Buffer> =>
  barcodes().toBuffer({
    bcid: 'code128',
    text: barcodeText(ref),
    scale: BARCODE_SCALE,
    height: 18,
    includetext: true,
    textxalign: 'center',
    textsize: 10,
  });

/** The QR code of a tracking reference (a PNG with a one-module quiet zone). */
export const qrPng = (ref: string): Promise<Buffer> =>
  qrCodes().toBuffer(ref, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 8 });

interface Parts {
  page: PDFPage;
  fonts: Fonts;
  input: LabelInput;
  barcode: PDFImage;
  qr: PDFImage;
}

function header({ page, fonts, input }: Parts, b: Box, size: number) {
  page.drawRectangle({ ...rect(b), color: BLACK });
  const pad = size * 0.6;
  const title = winAnsiText(`SwapU delivery · ${input.test ? TEST_LABEL : (COURIER_NAMES[input.courier] ?? input.courier)}`);
  const fitted = fitText(title, fonts.bold, b.w - 2 * pad, { max: size, min: size * 0.6, maxLines: 1 });
  page.drawText(fitted.lines[0] ?? '', {
    x: b.x + pad,
    y: b.y + (b.h - fitted.size * 0.7) / 2,
    size: fitted.size,
    font: fonts.bold,
    color: WHITE,
  });
}

interface AddressSizes {
  caption: number;
  name: number;
  street: number;
  place: number;
}

interface Field {
  text: string;
  font: PDFFont;
  size: number;
  maxLines: number;
  /** Already WinAnsi text (kept as is: no-break spaces survive). */
  plain?: boolean;
}

/**
 * Draws fields one under the other, all scaled down together (to half size at most) until they
 * fit the box; past that each field keeps its first lines and ends in an ellipsis.
 */
function block(page: PDFPage, b: Box, fields: Field[]) {
  const texts = fields.map((f) => ({ ...f, text: f.plain ? f.text : winAnsiText(f.text) })).filter((f) => f.text);
  const layout = (k: number) => texts.map((f) => ({ ...f, size: f.size * k, lines: wrap(f.text, f.font, f.size * k, b.w) }));
  const height = (l: ReturnType<typeof layout>) =>
    l.reduce((sum, f) => sum + Math.min(f.lines.length, f.maxLines) * f.size * LINE_HEIGHT, 0);
  let fitted = layout(0.5);
  for (let k = 1; k > 0.5; k -= 0.05) {
    const l = layout(k);
    if (l.every((f) => f.lines.length <= f.maxLines) && height(l) <= b.h) {
      fitted = l;
      break;
    }
  }
  let cursor = top(b);
  for (const f of fitted) {
    const lines = f.lines.length > f.maxLines ? f.lines.slice(0, f.maxLines) : f.lines;
    if (f.lines.length > f.maxLines) lines[lines.length - 1] = ellipsize(lines[lines.length - 1] ?? '', f.font, f.size, b.w);
    for (const line of lines) {
      if (cursor - f.size * LINE_HEIGHT < b.y - 0.5) return;
      cursor -= f.size * LINE_HEIGHT;
      page.drawText(line, { x: b.x, y: cursor + f.size * 0.22, size: f.size, font: f.font, color: BLACK });
    }
  }
}

function address({ page, fonts }: Parts, b: Box, caption: string, party: Party, s: AddressSizes) {
  const flow = new Flow(page, b);
  flow.caption(caption, fonts.bold, s.caption);
  flow.gap(s.caption * 0.2);
  block(page, { ...b, h: flow.remaining }, [
    { text: party.name, font: fonts.bold, size: s.name, maxLines: 2 },
    { text: party.street, font: fonts.regular, size: s.street, maxLines: 3 },
    { text: placeLine(party), font: fonts.bold, size: s.place, maxLines: 2, plain: true },
  ]);
}

function tracking({ page, fonts, input, barcode }: Parts, b: Box, refSize: number) {
  const flow = new Flow(page, b);
  flow.text(`Tracking ${input.trackingRef}`, fonts.bold, { max: refSize, min: refSize * 0.6, maxLines: 1, align: 'center' });
  flow.gap(refSize * 0.3);
  // Room for a quiet zone of 10 modules either side of the bars.
  const modules = barcode.width / BARCODE_SCALE;
  const area: Box = { x: b.x, y: b.y, w: b.w, h: flow.remaining };
  const maxWidth = (area.w * modules) / (modules + 20);
  drawFitted(page, barcode, { x: area.x + (area.w - maxWidth) / 2, y: area.y, w: maxWidth, h: area.h });
}

interface DetailSizes {
  caption: number;
  value: number;
  itemLines: number;
  /** Instructions in the same column (A4); otherwise drawn separately. */
  instructions?: boolean;
}

function details(parts: Parts, b: Box, s: DetailSizes) {
  const { page, fonts, input } = parts;
  const { weightKg, lengthCm, widthCm, heightCm } = input.parcel;
  const flow = new Flow(page, b);
  const field = (caption: string, value: string, font: PDFFont, maxLines: number) => {
    flow.caption(caption, fonts.bold, s.caption);
    flow.text(value, font, { max: s.value, min: s.value * 0.85, maxLines });
    flow.gap(s.value * 0.35);
  };
  field('PARCEL', `${num(weightKg)} kg · ${num(lengthCm)} × ${num(widthCm)} × ${num(heightCm)} cm`, fonts.bold, 1);
  field('PICKUP', pickupDay(input.pickupDate), fonts.bold, 1);
  field('ITEM', input.itemDescription || '-', fonts.regular, s.itemLines);
  if (s.instructions) instructions(parts, { ...b, h: flow.remaining }, s.caption, s.value * 0.9);
}

function instructions({ page, fonts, input }: Parts, b: Box, caption: number, size: number) {
  const flow = new Flow(page, b);
  flow.caption('INSTRUCTIONS', fonts.bold, caption);
  flow.text(winAnsiText(input.instructions) || 'None', fonts.regular, { max: size, min: size, maxLines: 99 });
}

// ---------------------------------------------------------------------------------------------
// The two layouts.

/** 4×6 in, portrait: the label fills the page. */
function layoutPortrait(parts: Parts, page: Box) {
  const { page: p } = parts;
  const frame = inset(page, 8);
  p.drawRectangle({ ...rect(frame), borderColor: BLACK, borderWidth: 1.5 });
  const [head, from, to, track, bottom] = rows(frame, 26, 60, 104, 90);
  header(parts, head!, 12);
  address(parts, inset(from!, 7), 'FROM', parts.input.sender, { caption: 6.5, name: 9, street: 8.5, place: 8.5 });
  hline(p, frame, from!.y, 1.5);
  address(parts, inset(to!, 7), 'TO', parts.input.receiver, { caption: 8, name: 20, street: 14, place: 19 });
  hline(p, frame, to!.y, 1.5);
  tracking(parts, inset(track!, 6), 11);
  hline(p, frame, track!.y, 1.5);
  const [detailsBox, qrBox] = cols(bottom!, bottom!.w - 96);
  const [facts, notes] = rows(detailsBox!, 78);
  details(parts, inset(facts!, 7), { caption: 6, value: 8, itemLines: 2 });
  instructions(parts, { ...inset(notes!, 7), h: notes!.h - 7 }, 6, 7);
  vline(p, qrBox!.x, qrBox!.y, top(qrBox!));
  drawFitted(p, parts.qr, inset({ ...qrBox!, y: top(qrBox!) - qrBox!.w, h: qrBox!.w }, 6));
}

/** A4: a landscape label across the top half, a dashed line to cut along, a note beneath. */
function layoutA4(parts: Parts, page: Box) {
  const { page: p, fonts } = parts;
  const middle = page.h / 2;
  const frame: Box = { x: 36, y: middle + 24, w: page.w - 72, h: page.h - 36 - (middle + 24) };
  p.drawRectangle({ ...rect(frame), borderColor: BLACK, borderWidth: 2 });
  const [head, body, track] = rows(frame, 32, 206);
  header(parts, head!, 15);
  const [left, right] = cols(body!, 318);
  const [to, from] = rows(left!, 132);
  address(parts, inset(to!, 10), 'TO', parts.input.receiver, { caption: 9, name: 26, street: 17, place: 24 });
  hline(p, left!, to!.y, 1.5);
  address(parts, inset(from!, 10), 'FROM', parts.input.sender, { caption: 7.5, name: 10.5, street: 9.5, place: 9.5 });
  vline(p, right!.x, right!.y, top(right!), 1.5);
  details(parts, inset(right!, 10), { caption: 7, value: 10, itemLines: 2, instructions: true });
  hline(p, frame, track!.y + track!.h, 1.5);
  const [bars, qr] = cols(track!, track!.w - track!.h);
  tracking(parts, inset(bars!, 10), 14);
  vline(p, qr!.x, qr!.y, top(qr!), 1.5);
  drawFitted(p, parts.qr, inset(qr!, 8));

  p.drawLine({
    start: { x: 18, y: middle },
    end: { x: page.w - 18, y: middle },
    thickness: 0.75,
    color: GREY,
    dashArray: [6, 4],
    lineCap: pdfLib().LineCapStyle.Butt,
  });
  const note = parts.input.test
    ? 'Test mode: no courier comes for this parcel and nothing is charged.'
    : 'Cut along the dashed line and tape the label flat to the largest side of the parcel.';
  const size = 8;
  p.drawText(note, {
    x: (page.w - fonts.regular.widthOfTextAtSize(note, size)) / 2,
    y: middle - 16,
    size,
    font: fonts.regular,
    color: GREY,
  });
}

/** The label as a one-page PDF. Deterministic: the same input gives the same bytes. */
export async function renderLabel(input: LabelInput, size: LabelSize): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = pdfLib();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`SwapU label ${input.trackingRef}`, { showInWindowTitleBar: true });
  doc.setSubject(input.trackingRef);
  doc.setAuthor('SwapU');
  doc.setCreator('SwapU');
  doc.setProducer('SwapU');
  doc.setCreationDate(input.createdAt);
  doc.setModificationDate(input.createdAt);

  const [width, height] = PAGE_SIZES[size];
  const page = doc.addPage([width, height]);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  // The images are drawn at once but embedded in a fixed order: pdf-lib numbers objects as they are
  // embedded, and embedding each as it finished made the same label's bytes differ between
  // requests on a busy machine (found by the restore drill, decision 0044).
  const [barcodePng, qrCodePng] = await Promise.all([code128Png(input.trackingRef), qrPng(input.trackingRef)]);
  const barcode = await doc.embedPng(barcodePng);
  const qr = await doc.embedPng(qrCodePng);
  const parts: Parts = { page, fonts, input, barcode, qr };
  const whole: Box = { x: 0, y: 0, w: width, h: height };
  if (size === 'a4') layoutA4(parts, whole);
  else layoutPortrait(parts, whole);
  return doc.save();
}
