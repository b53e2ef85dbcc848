/**
 * Wall-clock milliseconds with sub-millisecond precision. Date.now() only has whole
 * milliseconds, too coarse for latencies of a few ms; processes on the same machine read the
 * same clock, so stamps taken in the publisher and in the client workers can be subtracted.
 */
export const nowMs = () => performance.timeOrigin + performance.now();

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
