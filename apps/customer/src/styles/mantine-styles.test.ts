import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's CSS is split (mantine-base.css is the entry's; the rest loads with the chunks that
 * import it), so a module that draws a Mantine component whose CSS is not in the entry must
 * import that CSS itself. A page that relied on another page's chunk having brought it came
 * unstyled when opened first (issue 28: 310 px radio discs and chevrons on cancel-plan, plan,
 * meals and portion). This holds the rule for every module, whichever page uses it;
 * e2e/customer-page-styles.e2e.ts measures the pages themselves.
 */
const modules = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
// Vitest hands CSS imports over empty, so our stylesheets are read from the disk.
const stylesFolder = path.dirname(fileURLToPath(import.meta.url));

/** The Mantine stylesheets (`@mantine/core/styles/<name>.layer.css`) each component needs. */
const STYLES_NEEDED: Record<string, string[]> = {
  ActionIcon: ['ActionIcon'],
  Checkbox: ['Checkbox', 'InlineInput'],
  'Checkbox.Card': ['CheckboxCard'],
  'Checkbox.Indicator': ['CheckboxIndicator'],
  Fieldset: ['Fieldset'],
  List: ['List'],
  Modal: ['Modal', 'ModalBase', 'Overlay'],
  MultiSelect: ['Input', 'Combobox', 'Pill', 'PillsInput', 'Popover'],
  NativeSelect: ['Input'],
  PasswordInput: ['Input', 'PasswordInput', 'ActionIcon'],
  Radio: ['Radio', 'InlineInput'],
  'Radio.Card': ['RadioCard'],
  'Radio.Indicator': ['RadioIndicator'],
  Table: ['Table'],
  TextInput: ['Input'],
  Textarea: ['Input'],
};

const layerName = /@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css/g;

/** The Mantine stylesheets one of our CSS files (`styles/<name>.css`) brings: its `@import`s. */
function stylesIn(name: string): string[] {
  const css = readFileSync(path.join(stylesFolder, name), 'utf8');
  return [...css.matchAll(layerName)].map((m) => m[1]!);
}

/** The Mantine stylesheets a module imports, directly or through one of our CSS files. */
function stylesImportedBy(text: string): Set<string> {
  const styles = new Set<string>();
  for (const [, spec] of text.matchAll(/^import '([^']+\.css)';$/gm)) {
    const ours = /\/styles\/([a-z-]+\.css)$/.exec(spec!);
    if (ours) stylesIn(ours[1]!).forEach((s) => styles.add(s));
    else for (const [, name] of spec!.matchAll(layerName)) styles.add(name!);
  }
  return styles;
}

/** The components of STYLES_NEEDED a module draws. */
function componentsUsedBy(text: string): string[] {
  const imported = [...text.matchAll(/import \{([^}]*)\} from '@mantine\/core';/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
  const parts = Object.keys(STYLES_NEEDED).filter(
    (name) => name.includes('.') && imported.includes(name.split('.')[0]!) && text.includes(name),
  );
  return [...imported.filter((name) => name in STYLES_NEEDED), ...parts];
}

describe('Mantine stylesheets', () => {
  const inEntry = new Set(stylesIn('mantine-base.css'));

  it('every module imports the CSS of the Mantine components it draws (beyond the entry’s)', () => {
    const missing: string[] = [];
    for (const [file, text] of Object.entries(modules)) {
      const imported = stylesImportedBy(text);
      for (const component of componentsUsedBy(text)) {
        for (const style of STYLES_NEEDED[component]!) {
          if (!inEntry.has(style) && !imported.has(style)) {
            missing.push(`${file}: ${component} needs ${style}.layer.css`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('knows the form modules (the rule cannot pass by finding nothing)', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    expect(componentsUsedBy(modules['../app/routes/account/cancel-plan.tsx']!)).toEqual(
      expect.arrayContaining(['Radio', 'Textarea']),
    );
  });
});
