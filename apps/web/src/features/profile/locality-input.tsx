import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLocalitySearch } from './use-profile';

export interface PickedLocality {
  suburb: string;
  postcode: string;
}

const label = (l: { suburb: string; postcode: string; state: string }) => `${l.suburb} ${l.state} ${l.postcode}`;

/** Suburb/postcode autocomplete over the Australian localities. */
export function LocalityInput({
  initial,
  onPick,
  error,
  label: fieldLabel,
  placeholder,
}: {
  initial?: string;
  onPick: (l: PickedLocality | null) => void;
  error?: string | undefined;
  /** The field's label and placeholder, when not the profile's own. */
  label?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('profile');
  const [text, setText] = useState(initial ?? '');
  const [debounced] = useDebouncedValue(text, 200);
  const search = useLocalitySearch(debounced);
  const items = search.data ?? [];
  return (
    <Autocomplete
      label={fieldLabel ?? t('locality.label')}
      placeholder={placeholder ?? t('locality.placeholder')}
      value={text}
      error={error}
      onChange={(v) => {
        setText(v);
        const hit = items.find((l) => label(l) === v);
        onPick(hit ? { suburb: hit.suburb, postcode: hit.postcode } : null);
      }}
      data={[...new Set(items.map(label))]}
      filter={({ options }) => options}
      limit={8}
      comboboxProps={{ withinPortal: true }}
      autoComplete="off"
    />
  );
}
