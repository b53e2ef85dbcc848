/**
 * How the orchestrator publishes during a phase: at a steady rate, or as fast as every client
 * keeps up. Both stamp each message with its send time and count on ctx.seq.
 */
import { nowMs, sleep } from '../lib/clock.mjs';
import { makePayload } from './payload.mjs';

/** Publishes one message per tick at `rate`/s for `durationMs`; ticks on an absolute schedule. */
export async function steady(ctx, rate, durationMs) {
  const interval = 1000 / rate;
  const count = Math.round((rate * durationMs) / 1000);
  const t0 = nowMs();
  const inflight = new Set();
  for (let k = 0; k < count; k++) {
    const wait = t0 + (k + 0.5) * interval - nowMs();
    if (wait > 0) await sleep(wait);
    const seq = ++ctx.seq;
    const sentAt = nowMs();
    const request = ctx.target.publish(ctx.port, [makePayload(seq, sentAt)]);
    inflight.add(request);
    // How long the server takes to answer a publish: it answers after its broadcast loop.
    // (Failures surface through Promise.all below; this chain only measures and tidies.)
    request
      .then(
        () => {
          const rtt = nowMs() - sentAt;
          ctx.publishRtt.add(rtt);
          // Slow answers, with when they were sent: shows whether server stalls follow a pattern.
          if (rtt > 50 && ctx.slowPublishes.length < 50)
            ctx.slowPublishes.push([Math.round(sentAt - t0), Math.round(rtt)]);
        },
        () => {},
      )
      .then(() => inflight.delete(request));
  }
  await Promise.all(inflight);
}

/**
 * Publishes as fast as the server delivers: batches of up to 10, at most `window` messages
 * not yet received by every client, at most two requests under way. Bounded by `durationMs`.
 */
export function saturate(ctx, durationMs, window) {
  const { pool } = ctx;
  const end = nowMs() + durationMs;
  return new Promise((resolve, reject) => {
    let inflight = 0;
    let done = false;
    const pump = () => {
      if (done) return;
      if (nowMs() >= end) {
        if (inflight === 0) {
          done = true;
          pool.onProgress = null;
          resolve();
        }
        return;
      }
      while (inflight < 2) {
        const room = window - (ctx.seq - pool.acked);
        if (room <= 0) return;
        const sentAt = nowMs();
        const datas = Array.from({ length: Math.min(10, room) }, () =>
          makePayload(++ctx.seq, sentAt),
        );
        inflight += 1;
        ctx.target.publish(ctx.port, datas).then(
          () => {
            ctx.publishRtt.add(nowMs() - sentAt);
            inflight -= 1;
            pump();
          },
          (error) => {
            done = true;
            pool.onProgress = null;
            reject(error);
          },
        );
      }
    };
    pool.onProgress = pump;
    setTimeout(pump, durationMs + 5);
    pump();
  });
}
