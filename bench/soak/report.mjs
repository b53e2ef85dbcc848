/** The soak's targets and its tables (the same figures as bench/results/soak.json). */

const RSS_TOLERANCE = 0.1;

const parts = (m) => (m ? `${m.rssAnonMB} / ${m.rssFileMB} / ${m.rssShmemMB}` : '–');
const gcNote = (results) => (results.settledMemory?.forcedGc ? ' and a full GC' : ', no GC forced');

function lossTotals(results) {
  const rows = Object.values(results.losses?.perPhase ?? {});
  return {
    expected: rows.reduce((s, r) => s + r.expected, 0),
    lost: rows.reduce((s, r) => s + r.lost, 0),
    duplicates: rows.reduce((s, r) => s + r.duplicates, 0),
  };
}

export function verdicts(results) {
  const out = [];
  const add = (pass, text) => out.push({ pass: Boolean(pass), text });
  if (!results.losses) {
    add(false, 'the soak did not run to its end');
    return out;
  }
  const t = lossTotals(results);
  const failedPosts = results.chat.posted - results.chat.stored;
  add(
    t.expected > 0 &&
      t.lost === 0 &&
      t.duplicates === 0 &&
      results.losses.unknown === 0 &&
      failedPosts === 0,
    `nothing lost: ${t.lost} of ${t.expected} expected receipts lost, ${t.duplicates} duplicated, ${failedPosts} of ${results.chat.posted} posts not stored`,
  );
  const storm = results.phases.find((p) => p.storm)?.storm;
  add(
    storm && storm.failed === 0 && storm.ok === storm.tabs,
    `reconnect storm: ${storm?.ok} of ${storm?.tabs} tabs back in ${storm?.allBackMs} ms, ${storm?.failed} failed (${storm?.retries} retried attempts)`,
  );
  const p = results.presence;
  add(
    p.viewsMismatched === 0 && p.serverRoomsDiffering === 0,
    `presence consistent after the churn: ${p.viewsMismatched} of ${p.viewsChecked} tabs' member lists and ${p.serverRoomsDiffering} of ${p.serverRooms} rooms' server lists differ from the truth`,
  );
  const drift = (results.rssAfterSettleMB - results.rssBaselineMB) / results.rssBaselineMB;
  add(
    Math.abs(drift) <= RSS_TOLERANCE,
    `RSS after all left (+${results.options.settleMs / 1000} s${gcNote(results)}) ${results.rssAfterSettleMB} MB vs baseline ${results.rssBaselineMB} MB, measured the same way after the warm-up wave left: ${(drift * 100).toFixed(1)}% (limit ±${RSS_TOLERANCE * 100}%)`,
  );
  const loops = results.phases.filter((ph) => ph.loopP99Ms !== null);
  const worst = loops.reduce((w, ph) => (!w || ph.loopP99Ms > w.loopP99Ms ? ph : w), null);
  add(
    loops.length === results.phases.length,
    `event-loop delay p99 reported for every phase; worst ${worst?.loopP99Ms} ms (${worst?.phase})`,
  );
  return out;
}

const mem = (m) => (m ? `${m.heapUsedMB} / ${m.heapTotalMB} / ${m.externalMB}` : '–');
const orDash = (v) => (v === null || v === undefined ? '–' : v);

export function markdown(results) {
  const lines = [
    '| phase | s | server CPU % | RSS end / peak MB | loop delay p50 / p99 / max ms | /healthz p99 ms | tabs ready | receipt p99 ms | lost / expected | other CPU % |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const key = { connect: 'connect', steady: 'steady', 'reconnect storm': 'storm' };
  for (const ph of results.phases) {
    const label = key[ph.phase] ?? (ph.phase.startsWith('churn') ? 'churn' : ph.phase);
    const l = results.losses?.perPhase?.[label];
    lines.push(
      `| ${ph.phase} | ${ph.seconds} | ${ph.cpuPercent} | ${ph.rssEndMB} / ${ph.rssPeakMB} | ${orDash(ph.loopP50Ms)} / ${orDash(ph.loopP99Ms)} / ${orDash(ph.loopMaxMs)} | ${orDash(ph.healthP99Ms)} | ${ph.ready} | ${orDash(ph.receiptP99Ms)} | ${l ? `${l.lost} / ${l.expected}` : '–'} | ${orDash(ph.otherCpuPercent)} |`,
    );
  }
  const storm = results.phases.find((p) => p.storm)?.storm;
  const churn = results.phases.find((p) => p.churn)?.churn;
  const connect = results.phases.find((p) => p.phase === 'connect')?.connect;
  const t = results.losses ? lossTotals(results) : null;
  lines.push(
    '',
    '| figure | value |',
    '|---|---|',
    `| RSS after start / baseline (warm-up wave gone) / peak MB | ${results.rssAfterStartMB} / ${results.rssBaselineMB} / ${results.rssPeakMB} |`,
    `| RSS after all left / ${results.options.settleMs / 1000} s later / then after a full GC MB | ${results.rssAfterLeaveMB} / ${results.settledMemory?.rssBeforeGcMB} / ${results.rssAfterSettleMB} |`,
    `| baseline RSS before / after its full GC MB | ${results.baselineMemory?.rssBeforeGcMB} / ${results.rssBaselineMB} |`,
    `| RSS anonymous / file-backed / shared MB (after the GC): baseline → after all left | ${parts(results.baselineMemory)} → ${parts(results.settledMemory)} |`,
    `| V8 heap used / heap total / external MB (after the GC): baseline → after all left | ${mem(results.baselineMemory)} → ${mem(results.settledMemory)} |`,
    `| ${results.options.tabs} tabs connected and subscribed (ms; ${results.options.connectConcurrency} handshakes at a time per worker) / failed | ${connect?.ms} / ${connect?.failed} |`,
    `| storm: all back (ms) / failed / retried attempts / listen overflows | ${storm?.allBackMs} / ${storm?.failed} / ${storm?.retries} / ${storm?.listenOverflows} |`,
    `| churn: tab reconnects / presence leaves and returns / failed | ${churn?.reconnects} / ${churn?.presenceLeaves} / ${churn?.failed} |`,
    `| chat: posts stored / sent, POST p50 / p99 ms | ${results.chat?.stored} / ${results.chat?.posted}, ${results.chat?.postP50Ms} / ${results.chat?.postP99Ms} |`,
    `| receipts: expected / lost / duplicated | ${t?.expected} / ${t?.lost} / ${t?.duplicates} |`,
    `| presence: member lists checked / differing; rooms asked / differing | ${results.presence?.viewsChecked} / ${results.presence?.viewsMismatched}; ${results.presence?.serverRooms} / ${results.presence?.serverRoomsDiffering} |`,
    `| sockets closed by the server | ${results.phases.reduce((s, p) => s + p.unexpectedCloses, 0)} |`,
  );
  return lines.join('\n');
}
