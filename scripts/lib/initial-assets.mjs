/**
 * What a page loads before it can paint, read from Vite's build manifest
 * (`build.manifest: true`, dist/.vite/manifest.json): the entry chunk of index.html, the route
 * chunks named (the home page's, which the router imports at once for `/`), every chunk they
 * import statically (the browser must fetch those before the code runs), and their CSS.
 * Dynamic imports are left out: they load later or on other routes.
 */

/** The manifest key of the entry (index.html). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('the build manifest has no entry');
  return key;
}

/**
 * `{ js, css }`: the files (paths relative to dist) the given manifest keys need at once, each
 * once, in the order met.
 */
export function initialFiles(manifest, keys) {
  const js = [];
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css: [...css] };
}

/**
 * One row per budget: `{ kind, bytes, budget, ok }`, where bytes is the gzip size summed over
 * the kind's files and `sizeOf(file)` answers one file's gzip size.
 */
export function checkBudgets(files, sizeOf, budgets) {
  return Object.entries(budgets).map(([kind, budget]) => {
    const bytes = files[kind].reduce((sum, file) => sum + sizeOf(file), 0);
    return { kind, files: files[kind].length, bytes, budget, ok: bytes <= budget };
  });
}
