// Fails when the web app uses a Mantine component whose stylesheet apps/web/src/app/mantine.css
// does not import (decision 0021: only the styles SwapU uses are loaded). Checks each component
// imported from @mantine/core and the components it is built from.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');
const sheet = fs.readFileSync(path.join(root, 'apps/web/src/app/mantine.css'), 'utf8');
const imported = new Set([...sheet.matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.css/g)].map((m) => m[1]));
const hasSheet = (name) => fs.existsSync(path.join(stylesDir, `${name}.css`));

/** Components drawn with others' styles (Mantine's docs, "Styles"). */
const BUILT_FROM = {
  Autocomplete: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  MultiSelect: ['Combobox', 'Input', 'Popover', 'Pill', 'PillsInput', 'ScrollArea', 'CheckboxIndicator'],
  TagsInput: ['Combobox', 'Input', 'Popover', 'Pill', 'PillsInput', 'ScrollArea'],
  NativeSelect: ['Input', 'Combobox'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  NumberInput: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Menu: ['Popover'],
  Tooltip: [],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Radio: ['InlineInput', 'RadioIndicator'],
  Switch: ['InlineInput'],
  Chip: ['Checkbox'],
  SegmentedControl: ['FloatingIndicator'],
  Alert: ['CloseButton'],
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  Accordion: ['UnstyledButton'],
  Tabs: ['UnstyledButton'],
  Stepper: ['UnstyledButton', 'Loader'],
};

const files = [];
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(p);
  }
};
walk(path.join(root, 'apps/web/src'));

const missing = new Map();
for (const file of files) {
  const src = fs.readFileSync(file, 'utf8');
  for (const m of src.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s+from\s+'@mantine\/core'/g)) {
    for (const raw of m[1].split(',')) {
      const name = raw
        .trim()
        .replace(/^type\s+.*/, '')
        .split(/\s+as\s+/)[0];
      if (!/^[A-Z]/.test(name ?? '')) continue;
      for (const needed of [name, ...(BUILT_FROM[name] ?? [])]) {
        if (hasSheet(needed) && !imported.has(needed)) missing.set(needed, path.relative(root, file));
      }
    }
  }
}
// Order matters (a later sheet wins at equal specificity): keep the order styles.css has.
const full = fs.readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
const order = [...sheet.matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.css/g)].map((m) => m[1]);
const at = (name) =>
  full.indexOf(
    fs
      .readFileSync(path.join(stylesDir, `${name}.css`), 'utf8')
      .trim()
      .slice(0, 300),
  );
for (let i = 1; i < order.length; i++) {
  if (at(order[i]) < at(order[i - 1])) {
    console.error(`mantine.css: ${order[i]}.css must come before ${order[i - 1]}.css (the order of @mantine/core/styles.css)`);
    process.exit(1);
  }
}
if (missing.size) {
  for (const [name, file] of missing) console.error(`mantine.css lacks @mantine/core/styles/${name}.css (used by ${file})`);
  process.exit(1);
}
console.log(`mantine styles: ${imported.size} sheets cover every component the web app uses`);
