import type { Plugin } from 'vite';

/**
 * The app's text font (Nunito, `@fontsource-variable/nunito`) starts loading right after the first
 * paint, by a one-line script at the end of index.html's head, after the stylesheets with the font
 * faces (ADR 013). The loading screen uses the system font, so the browser would otherwise ask for
 * the file only when the app's first text is laid out; with the first pages' chunks preloaded the
 * app often rendered before Nunito came, in the fallback font, and the text moved when it came (a
 * layout shift of 0.04 in Lighthouse). Not before the first paint: Chromium holds back the paint
 * until a font asked for early has come (a `<link rel="preload">` or `document.fonts.load` at once
 * both did).
 */
export function loadFontEarly(family: string): Plugin {
  return {
    name: 'pawfresh-load-font-early',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        ctx.filename.endsWith('index.html')
          ? {
              html,
              tags: [
                {
                  tag: 'script',
                  // The frame's callback runs before its paint; the timer's, after it.
                  children: `requestAnimationFrame(function(){setTimeout(function(){document.fonts.load(${JSON.stringify(`1em "${family}"`)})})});`,
                  injectTo: 'head',
                },
              ],
            }
          : html,
    },
  };
}
