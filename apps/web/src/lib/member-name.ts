import { DELETED_MEMBER_NAME } from '@swapu/shared/constants';
import type { TFunction } from '../i18n/core';

/**
 * A member's name as the reader sees it. A deleted account keeps the English name
 * `DELETED_MEMBER_NAME` in the database (so past chats, offers and reviews keep their shape), and
 * that name is shown in the reader's language. Any other name is shown exactly as the member wrote it.
 * `t` is any translator of the page: the text lives in `common`, which is always loaded.
 */
export function memberName(t: TFunction, name: string): string;
export function memberName(t: TFunction, name: string | null | undefined): string | null | undefined;
export function memberName(t: TFunction, name: string | null | undefined): string | null | undefined {
  return name === DELETED_MEMBER_NAME ? t('common:deletedMember') : name;
}
