import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The PawFresh look (issue 17): a warm paprika primary on a cream page, a sage green for good
 * news, a warm dark ink for text, Nunito (self-hosted, `styles/nunito.css`, with a size-matched
 * fallback, `styles/nunito-fallback.css`) and roomy cards.
 * Contrast (WCAG AA, 4.5:1 for text), measured:
 * - white on paprika 7 (#a8421a, buttons, links): 6.1:1; paprika 7 on the cream page: 5.6:1,
 *   on paprika 0 (light buttons): 5.5:1;
 * - ink (#2d2420) on cream: 14.1:1; muted ink (#6b5a50) on cream 6.1:1, on white 6.6:1;
 * - sage 8 (#2f6b46) on white 6.3:1, on sage 0 5.8:1;
 * - error red (#b3261e) on white 6.5:1, on its light tint 5.7:1.
 */
const paprika: MantineColorsTuple = [
  '#fff1ea',
  '#fde0d2',
  '#f8bfa3',
  '#f29b72',
  '#eb7b48',
  '#e3642c',
  '#cc5220',
  '#a8421a',
  '#8a3514',
  '#6b280e',
];

const sage: MantineColorsTuple = [
  '#eef6ef',
  '#dcebdf',
  '#b8d6bf',
  '#92c09e',
  '#70ab80',
  '#5a9a6c',
  '#46855a',
  '#3a764e',
  '#2f6b46',
  '#1f4d33',
];

/** Warm greys, so muted text and borders sit with the cream rather than a cold blue-grey. */
const oat: MantineColorsTuple = [
  '#fbf6ee',
  '#f4ead8',
  '#e8dcc7',
  '#d6c6ae',
  '#b9a58b',
  '#94806a',
  '#6b5a50',
  '#54453d',
  '#3d322c',
  '#2d2420',
];

export const brandColors = {
  ink: '#2d2420',
  mutedInk: '#6b5a50',
  cream: '#fbf6ee',
  error: '#b3261e',
} as const;

export const theme = createTheme({
  primaryColor: 'paprika',
  primaryShade: 7,
  colors: { paprika, sage, oat },
  autoContrast: true,
  focusRing: 'auto',
  defaultRadius: 'lg',
  fontFamily:
    '"Nunito Variable", "Nunito", "Nunito Fallback", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  headings: {
    fontFamily:
      '"Nunito Variable", "Nunito", "Nunito Fallback", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontWeight: '800',
    sizes: {
      h1: { fontSize: 'clamp(1.75rem, 1.4rem + 1.6vw, 2.375rem)', lineHeight: '1.15' },
      h2: { fontSize: '1.5rem', lineHeight: '1.25' },
      h3: { fontSize: '1.1875rem', lineHeight: '1.3' },
    },
  },
  // One spacing scale for every gap and padding (4px steps at the small end).
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  radius: { xs: '0.25rem', sm: '0.5rem', md: '0.75rem', lg: '1rem', xl: '1.5rem' },
  shadows: {
    xs: '0 1px 2px rgba(45, 36, 32, 0.06)',
    sm: '0 1px 3px rgba(45, 36, 32, 0.08), 0 4px 12px rgba(45, 36, 32, 0.05)',
    md: '0 2px 6px rgba(45, 36, 32, 0.08), 0 12px 28px rgba(45, 36, 32, 0.08)',
  },
  components: {
    // Plain objects rather than Component.extend(), which would pull the components into the
    // entry chunk.
    InputWrapper: {
      styles: {
        label: { fontWeight: 700, marginBottom: 4 },
        description: { color: brandColors.mutedInk },
        error: { color: brandColors.error, fontWeight: 600 },
      },
    },
    Button: { defaultProps: { radius: 'xl' } },
    Card: { defaultProps: { radius: 'lg', shadow: 'sm', padding: 'lg' } },
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
  },
});

/**
 * Text on the cream page is the warm ink; errors are the darker red everywhere (a field in error
 * keeps its text readable: Mantine's default red 6 is 3.3:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': brandColors.cream,
    '--mantine-color-text': brandColors.ink,
    '--mantine-color-error': brandColors.error,
    '--mantine-color-dimmed': brandColors.mutedInk,
    '--mantine-color-default-border': '#e8dcc7',
    '--mantine-color-anchor': 'var(--mantine-color-paprika-7)',
  },
  dark: {},
});
