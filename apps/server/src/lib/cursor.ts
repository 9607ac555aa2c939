import { errors } from './errors';

/** Opaque keyset cursor over (a timestamp, an id): the feed, notifications, any newest-first list. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** The cursor's timestamp and id; a cursor nobody issued is a 400 (data_invalid), never a 500. */
export function decodeCursor(cursor: string): { publishedAt: Date; id: string } {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const sep = raw.indexOf('|');
  const at = new Date(raw.slice(0, sep));
  const id = raw.slice(sep + 1);
  if (sep < 0 || Number.isNaN(at.getTime()) || !id) throw errors.badRequest('data_invalid', { cursor: 'invalid' });
  return { publishedAt: at, id };
}
