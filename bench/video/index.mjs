import { startCoturn } from '../../apps/server/scripts/coturn.mjs';
import { optionReader } from '../lib/args.mjs';
import { startOurs } from '../lib/ours.mjs';
import { guardProcesses } from '../lib/procs.mjs';
import { measureJoin } from './frames.mjs';
import { measureRelay } from './relay.mjs';

/**
 * `npm run bench -- video`: video rooms (issue 25).
 * 1. Join time: in Chromium with its fake camera and microphone, size − 1 people are in a
 *    room's call and the last presses join; measured in that page from the click until it has
 *    decoded a frame of every other participant (getStats `framesDecoded`), median and worst of
 *    `--trials`, for `--sizes` people, direct and with every connection forced through a coturn
 *    the bench starts (TURN REST credentials, as production). Ours serves the last web build
 *    (apps/web/dist: `npm run build` first).
 * 2. Relay cost: the server's CPU per signal relayed by `POST /api/room/{id}/video/signal`
 *    against the bare relay of the same message to the same socket through the realtime
 *    server's HTTP API, alternated in rounds on one server.
 * SQLite: a call's rules read a handful of rows; the database is not what is measured.
 */
function options(argv) {
  const get = optionReader(argv);
  return {
    sizes: String(get('sizes', '2,4,6')).split(',').map(Number),
    trials: Number(get('trials', 10)),
    modes: String(get('modes', 'direct,turn')).split(','),
    signals: Number(get('signals', 2000)),
    // Calls of two relaying at once: each sender stays far below its 300 signals in 10 s.
    pairs: Number(get('pairs', 40)),
    rounds: Number(get('rounds', 3)),
    concurrency: Number(get('concurrency', 8)),
    parts: String(get('parts', 'join,relay')).split(','),
  };
}

export async function run(argv) {
  const opts = options(argv);
  guardProcesses(30 * 60_000);
  const coturn = await startCoturn();
  const server = await startOurs({
    cpus: '0,1',
    // The relay's calls are joined through the API, with no socket in their rooms: without a
    // long grace they would be taken out as dropped halfway through.
    env: { ...coturn.env, VIDEO_RECONNECT_GRACE_SECONDS: '600' },
  });
  try {
    console.log(`video bench: sizes ${opts.sizes.join(', ')}, ${opts.trials} trials each`);
    const joins = [];
    if (opts.parts.includes('join'))
      for (const mode of opts.modes)
        for (const size of opts.sizes)
          joins.push(
            await measureJoin(server, { size, trials: opts.trials, relay: mode === 'turn' }),
          );
    let relay;
    if (opts.parts.includes('relay')) relay = await measureRelay(server, opts);

    if (joins.length > 0) {
      console.log('\n| people | direct median / worst ms | TURN median / worst ms |');
      console.log('|---|---|---|');
      for (const size of opts.sizes) {
        const cell = (relayed) => {
          const r = joins.find((j) => j.size === size && j.relay === relayed);
          return r ? `${r.median} / ${r.worst}` : '–';
        };
        console.log(`| ${size} | ${cell(false)} | ${cell(true)} |`);
      }
    }
    if (relay) {
      console.log(
        `\nrelay: ours ${relay.oursUs} µs CPU per signal, bare ${relay.bareUs} µs → ${relay.ratio}× (lost ${relay.lost})`,
      );
    }
  } finally {
    await server.stop();
    await coturn.close();
  }
}
