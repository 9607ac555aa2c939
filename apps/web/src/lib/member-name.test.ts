import { describe, expect, it } from 'vitest';
import { DELETED_MEMBER_NAME } from '@swapu/shared/constants';
import enCommon from '../i18n/en-US/common.json';
import ptCommon from '../i18n/pt-PT/common.json';
import { createI18n } from '../i18n/core';
import { memberName } from './member-name';

const make = (lng: string) =>
  createI18n({
    lng,
    fallbackLng: 'en-US',
    defaultNS: 'common',
    resources: { 'en-US': { common: enCommon, chat: {} }, 'pt-PT': { common: ptCommon, chat: {} } },
  });

describe('memberName', () => {
  it("shows a deleted account's name in the reader's language, from any page's translator", () => {
    const pt = make('pt-PT');
    expect(memberName(pt.getFixedT('pt-PT', 'chat'), DELETED_MEMBER_NAME)).toBe('Membro eliminado');
    expect(memberName(make('en-US').getFixedT('en-US', 'chat'), DELETED_MEMBER_NAME)).toBe('Deleted member');
  });

  it('leaves every other name exactly as the member wrote it, and a missing one missing', () => {
    const t = make('pt-PT').getFixedT('pt-PT', 'chat');
    for (const name of ['Ana Silva', 'deleted member', 'Deleted member 2', ' Deleted member', '']) expect(memberName(t, name)).toBe(name);
    expect(memberName(t, null)).toBeNull();
    expect(memberName(t, undefined)).toBeUndefined();
  });
});
