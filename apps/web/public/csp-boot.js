// Loaded by index.html before the app's modules (a file, not inline: the site's
// Content-Security-Policy allows no inline script). zod compiles its object parsers with
// `new Function` where it may and probes for that when its first schemas are built; under a
// policy without 'unsafe-eval' the probe is refused and reported as a violation. zod reads its
// configuration from this global, so setting it before zod loads makes it parse without eval.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
