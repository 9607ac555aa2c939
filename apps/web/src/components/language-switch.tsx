import { NativeSelect } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { LOCALES } from '@swapu/shared/constants';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(e) => void i18n.changeLanguage(e.currentTarget.value)}
      data={LOCALES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
      w={120}
      style={{ flexShrink: 0 }}
      size="sm"
    />
  );
}
