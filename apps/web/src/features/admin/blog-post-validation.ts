import { isValidUrlTitle } from '@swapu/shared/admin-blog';

export type Fields = { title: string; urlTitle: string; summary: string; body: string };

/** The editor's checks, the same rules as the server's (which checks again). */
export function validateBlogPost(f: Fields): Partial<Record<keyof Fields, 'required' | 'invalid'>> {
  const out: Partial<Record<keyof Fields, 'required' | 'invalid'>> = {};
  if (!f.title.trim()) out.title = 'required';
  if (!f.urlTitle.trim()) out.urlTitle = 'required';
  else if (!isValidUrlTitle(f.urlTitle.trim())) out.urlTitle = 'invalid';
  if (!f.body.trim()) out.body = 'required';
  return out;
}
