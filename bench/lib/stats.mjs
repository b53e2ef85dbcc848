/**
 * Latency histogram: fixed buckets so a worker can record hundreds of thousands of samples
 * without keeping them, and histograms from several workers merge by adding counts.
 * 0.05 ms resolution below 100 ms, 1 ms from 100 ms to 10 s, one overflow bucket after that.
 */
const FINE_LIMIT_MS = 100;
const FINE_STEP = 20; // buckets per ms below FINE_LIMIT_MS
const FINE_BUCKETS = FINE_LIMIT_MS * FINE_STEP;
const COARSE_BUCKETS = 9900;
const SIZE = FINE_BUCKETS + COARSE_BUCKETS + 1;

function bucketOf(ms) {
  if (ms < FINE_LIMIT_MS) return Math.floor(ms * FINE_STEP);
  return Math.min(SIZE - 1, FINE_BUCKETS + Math.floor(ms - FINE_LIMIT_MS));
}

/** The middle of a bucket, in ms. */
function valueOf(bucket) {
  if (bucket < FINE_BUCKETS) return (bucket + 0.5) / FINE_STEP;
  return FINE_LIMIT_MS + (bucket - FINE_BUCKETS) + 0.5;
}

export class Histogram {
  constructor() {
    this.buckets = new Uint32Array(SIZE);
    this.count = 0;
    this.max = 0;
    /** Samples below zero (clock disagreement); counted in the first bucket. */
    this.negative = 0;
  }

  add(ms) {
    if (ms < 0) {
      this.negative += 1;
      ms = 0;
    }
    this.buckets[bucketOf(ms)] += 1;
    this.count += 1;
    if (ms > this.max) this.max = ms;
  }

  /** A compact form for IPC: only the non-empty buckets. */
  toJSON() {
    const pairs = [];
    for (let i = 0; i < SIZE; i++) if (this.buckets[i]) pairs.push(i, this.buckets[i]);
    return { pairs, count: this.count, max: this.max, negative: this.negative };
  }

  merge(json) {
    for (let i = 0; i < json.pairs.length; i += 2) this.buckets[json.pairs[i]] += json.pairs[i + 1];
    this.count += json.count;
    this.negative += json.negative;
    if (json.max > this.max) this.max = json.max;
    return this;
  }

  /** p in [0, 1]; null when empty. */
  percentile(p) {
    if (this.count === 0) return null;
    const rank = Math.max(1, Math.ceil(p * this.count));
    let seen = 0;
    for (let i = 0; i < SIZE; i++) {
      seen += this.buckets[i];
      if (seen >= rank) return valueOf(i);
    }
    return this.max;
  }
}

/** Rounds for display without losing small values: 3 significant digits. */
export function round(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return value ?? null;
  if (value === 0) return 0;
  const p = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(p, 6)));
}

/**
 * Exact percentiles of a few thousand samples at most, kept whole: for latencies of seconds,
 * which the Histogram above caps at 10 s.
 */
export class Samples {
  constructor() {
    this.values = [];
  }

  add(ms) {
    this.values.push(ms);
  }

  get count() {
    return this.values.length;
  }

  get max() {
    return this.values.length ? Math.max(...this.values) : 0;
  }

  /** p in [0, 1], nearest rank; null when empty. */
  percentile(p) {
    if (!this.values.length) return null;
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1];
  }
}
