import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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

/**
 * Secondary ("dimmed") text at 5:1 on white instead of Mantine's 3.3:1 gray; light orange badges'
 * text at 5.5:1 on their tint instead of 3.6:1, light yellow ones' (badges, the
 * Boost button, yellow alerts) at 6.1:1 instead of 2.7:1 (WCAG AA, small bold text; Lighthouse
 * flagged the yellow on a member's profile). axe-core's sweep of every page (e2e/accessibility.spec.ts,
 * decision 0037) found the rest: orange-8 (an offer's time left) at 5.2:1 on white instead of 3.6:1;
 * green-9 (light green badges and alerts, the audit log's new values) at 5.3:1 on its tint instead
 * of 3.8:1; red words (form errors, `c="red"` alerts) in red-9 at 5.2:1 on the page's sand instead
 * of red-6's 3.1:1 and red-8's 4.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#66707a',
    '--mantine-color-orange-light-color': '#a63a0b',
    '--mantine-color-yellow-light-color': '#8f4700',
    '--mantine-color-orange-8': '#c2410c',
    '--mantine-color-green-9': '#237032',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-red-text': '#c92a2a',
  },
  dark: {},
});
