import { request } from 'node:http';
import { nowMs } from '../lib/clock.mjs';
import { cpuSeconds, memoryStatusKB, otherLoadMeter, rssKB } from '../lib/proc-stats.mjs';
import { benchPids } from '../lib/procs.mjs';
import { Histogram, round } from '../lib/stats.mjs';

/**
 * Watches the server through a phase of the soak:
 * - RSS from /proc every 500 ms (peak kept);
 * - CPU % of one core from /proc;
 * - event-loop delay from the server's own /metrics: prom-client's default metrics hold a
 *   perf_hooks monitorEventLoopDelay histogram (10 ms timer) that it resets at every scrape, so
 *   scraping at the start and the end of a phase gives that phase's p99 and max. The figures
 *   are timer intervals, the 10 ms period included: an idle loop reads about 10.1 ms;
 * - `/healthz` answered every 200 ms (one SQL `select 1`): the latency a request sees, queue
 *   included.
 */
export class ServerWatch {
  constructor(pid, port) {
    this.pid = pid;
    this.port = port;
    this.peakKB = 0;
    this.timers = [];
  }

  start() {
    const sample = () => (this.peakKB = Math.max(this.peakKB, rssKB(this.pid) ?? 0));
    sample();
    this.timers.push(setInterval(sample, 500));
    this.timers.push(setInterval(() => void this.probeHealth(), 200));
  }

  stop() {
    for (const timer of this.timers) clearInterval(timer);
  }

  probeHealth() {
    if (!this.phase) return;
    const phase = this.phase;
    const started = nowMs();
    const req = request({ host: '127.0.0.1', port: this.port, path: '/healthz', timeout: 10_000 });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => phase.health.add(nowMs() - started));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => (phase.healthErrors += 1));
    req.end();
  }

  rss() {
    return rssKB(this.pid);
  }

  async eventLoop() {
    const res = await fetch(`http://127.0.0.1:${this.port}/metrics`);
    const text = await res.text();
    const read = (name) => {
      const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
      return m ? round(Number(m[1]) * 1000) : null;
    };
    const mb = (name) => round((read(name) ?? 0) / 1000 / 1024 / 1024);
    return {
      p50: read('nodejs_eventloop_lag_p50_seconds'),
      p99: read('nodejs_eventloop_lag_p99_seconds'),
      max: read('nodejs_eventloop_lag_max_seconds'),
      heapUsedMB: mb('nodejs_heap_size_used_bytes'),
      heapTotalMB: mb('nodejs_heap_size_total_bytes'),
      externalMB: mb('nodejs_external_memory_bytes'),
    };
  }

  /** RSS and the V8 heap: heap back to its size with RSS not means memory kept, not leaked. */
  async memory() {
    const { heapUsedMB, heapTotalMB, externalMB } = await this.eventLoop();
    const kb = memoryStatusKB(this.pid);
    const mb = (field) => round((kb?.[field] ?? 0) / 1024);
    return {
      rssMB: mb('rss'),
      rssAnonMB: mb('anon'),
      rssFileMB: mb('file'),
      rssShmemMB: mb('shmem'),
      heapUsedMB,
      heapTotalMB,
      externalMB,
    };
  }

  /** Starts measuring a phase; `end()` answers its figures. */
  async begin(label) {
    await this.eventLoop(); // resets the server's histogram
    this.peakKB = rssKB(this.pid) ?? 0;
    this.phase = {
      label,
      at: nowMs(),
      cpu: cpuSeconds(this.pid),
      rssStartKB: this.peakKB,
      other: otherLoadMeter(benchPids()),
      health: new Histogram(),
      healthErrors: 0,
    };
  }

  async end() {
    const phase = this.phase;
    this.phase = null;
    const seconds = (nowMs() - phase.at) / 1000;
    const loop = await this.eventLoop();
    return {
      phase: phase.label,
      seconds: round(seconds),
      cpuPercent: Math.round(((cpuSeconds(this.pid) - phase.cpu) / seconds) * 100),
      otherCpuPercent: phase.other(),
      rssStartMB: round(phase.rssStartKB / 1024),
      rssPeakMB: round(this.peakKB / 1024),
      rssEndMB: round((rssKB(this.pid) ?? 0) / 1024),
      loopP50Ms: loop.p50,
      loopP99Ms: loop.p99,
      loopMaxMs: loop.max,
      heapUsedMB: loop.heapUsedMB,
      healthP50Ms: round(phase.health.percentile(0.5)),
      healthP99Ms: round(phase.health.percentile(0.99)),
      healthMaxMs: round(phase.health.max),
      healthErrors: phase.healthErrors,
    };
  }
}
