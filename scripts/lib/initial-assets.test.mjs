import { describe, expect, it } from 'vitest';
import { checkBudgets, entryKey, initialFiles } from './initial-assets.mjs';

// A manifest shaped like Vite's: an entry, a lazy route with its own import, a lazy page.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_shared.js'],
    dynamicImports: ['src/home.tsx', 'src/chat.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/home.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_form.js', 'index.html'],
  },
  '_form.js': { file: 'assets/form.js', css: ['assets/form.css'] },
  'src/chat.tsx': { file: 'assets/chat.js', isDynamicEntry: true, css: ['assets/chat.css'] },
};

describe('initialFiles', () => {
  it('takes the entry, the named routes and their static imports once each, not lazy pages', () => {
    const files = initialFiles(manifest, [entryKey(manifest), 'src/home.tsx']);
    expect(files.js).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
      'assets/home.js',
      'assets/form.js',
    ]);
    expect(files.css).toEqual(['assets/index.css', 'assets/form.css']);
  });

  it('fails loudly on a route the manifest does not have', () => {
    expect(() => initialFiles(manifest, ['src/gone.tsx'])).toThrow(/src\/gone\.tsx/);
  });
});

describe('checkBudgets', () => {
  it('sums each kind and fails only the kind over its budget', () => {
    const sizes = { 'a.js': 100, 'b.js': 60, 'a.css': 10 };
    const rows = checkBudgets({ js: ['a.js', 'b.js'], css: ['a.css'] }, (f) => sizes[f], {
      js: 150,
      css: 10,
    });
    expect(rows).toEqual([
      { kind: 'js', files: 2, bytes: 160, budget: 150, ok: false },
      { kind: 'css', files: 1, bytes: 10, budget: 10, ok: true },
    ]);
  });
});
