/**
 * `npm run bench -- <name> [options]`: runs one benchmark. Each lives in its own folder and
 * exports run(argv).
 */
const BENCHES = {
  realtime: () => import('./realtime/index.mjs'),
  chat: () => import('./chat/index.mjs'),
  uploads: () => import('./uploads/index.mjs'),
  im: () => import('./im/index.mjs'),
  profiles: () => import('./profiles/index.mjs'),
  forum: () => import('./forum/index.mjs'),
  purchases: () => import('./purchases/index.mjs'),
  soak: () => import('./soak/index.mjs'),
  start: () => import('./start/index.mjs'),
  firstload: () => import('./firstload/index.mjs'),
  art: () => import('./art/index.mjs'),
  video: () => import('./video/index.mjs'),
  nodes: () => import('./nodes/index.mjs'),
};

const [name, ...argv] = process.argv.slice(2);
if (!BENCHES[name]) {
  console.error(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [options]`);
  process.exit(name ? 1 : 0);
}
const bench = await BENCHES[name]();
try {
  await bench.run(argv);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
// Whatever is still open (a keep-alive socket, a stray timer) must not keep the bench alive;
// the 'exit' handler kills any child process left.
process.exit();
