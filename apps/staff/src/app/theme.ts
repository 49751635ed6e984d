import { createTheme, darken, Modal, type CSSVariablesResolver } from '@mantine/core';

/**
 * The back office's look: Mantine's defaults, dense for desktop work, with colours dark enough for
 * WCAG AA text contrast (4.5:1) on white: the primary shade for buttons and links, gray 7 for
 * muted text (Mantine's "dimmed" gray 6 is 3.3:1). axe checks every page in the browser tests.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    // A field's error text (and border): Mantine's red 6 on white is 3.6:1; red 9 is 5.5:1.
    '--mantine-color-error': t.colors.red[9]!,
    // The text of light alerts on their tint (the action dialog's "done" and warning): Mantine's
    // green 9 on green 1 is 3.8:1 and yellow 9 on yellow 1 less; these are over 6:1.
    '--mantine-color-green-light-color': darken(t.colors.green[9]!, 0.25),
    '--mantine-color-yellow-light-color': darken(t.colors.yellow[9]!, 0.4),
  },
  dark: {},
});
