import { NativeSelect } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { LOCALES } from '@swapu/shared/constants';

/**
 * The language menu: the languages' names from 576 px up, their codes (EN, PT) on a phone, where
 * the names left a guest's header (logo, this menu and the log-in button) wider than the screen.
 * One of the two is hidden by CSS, so a server-rendered page shows the right one at once.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const menu = (short: boolean) => (
    <NativeSelect
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(e) => void i18n.changeLanguage(e.currentTarget.value)}
      data={LOCALES.map((l) => ({ value: l, label: short ? l.slice(0, 2).toUpperCase() : t(`language.${l}`) }))}
      w={short ? 68 : 120}
      hiddenFrom={short ? 'xs' : undefined}
      visibleFrom={short ? undefined : 'xs'}
      style={{ flexShrink: 0 }}
      size="sm"
    />
  );
  return (
    <>
      {menu(false)}
      {menu(true)}
    </>
  );
}
