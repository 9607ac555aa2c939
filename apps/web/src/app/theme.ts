import { createTheme, type MantineColorsTuple } from '@mantine/core';

const swapu: MantineColorsTuple = [
  '#e9f8ef',
  '#d6eede',
  '#aedcbf',
  '#82c99d',
  '#5eb981',
  '#47ae6e',
  '#2f9e5b',
  '#25894d',
  '#1b7a43',
  '#086a36',
];
const sand: MantineColorsTuple = [
  '#faf8f5',
  '#f1ede6',
  '#e3dccf',
  '#d3c8b5',
  '#c5b69e',
  '#bcab8f',
  '#b7a587',
  '#a09075',
  '#8e8067',
  // Dark enough for words on sand-1 (the "no photo" placeholder): 5.4:1.
  '#6b5f4a',
];

/** One design: green for trust and sustainability, warm neutrals, rounded photo-first cards. */
export const theme = createTheme({
  primaryColor: 'swapu',
  // Shade 8: white text on a filled button reads at 5.4:1 (WCAG AA asks 4.5:1 for body-size text).
  primaryShade: { light: 8, dark: 5 },
  colors: { swapu, sand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    // Every field's error (TextInput, NumberInput, Select, Checkbox, …) is read out as it appears;
    // Mantine already ties it to the field with aria-describedby (and sets aria-invalid).
    InputError: { defaultProps: { role: 'alert' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
  },
});
