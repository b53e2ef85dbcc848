import type * as KoffiModule from 'koffi';
import { createRequire } from 'node:module';

/**
 * Gives memory the C allocator keeps back to the system. glibc's malloc holds on to what the
 * process frees unless it sits at the very top of its heap: after 10,000 sockets came and went
 * (each with its native handle and read buffers), the soak found ~25 MB of RSS that was free
 * inside malloc and never returned; malloc_trim(3) returned it. jemalloc and Chrome's
 * allocator return such memory after a delay; glibc needs to be asked, which this does when
 * enough of it is free.
 *
 * Only on Linux with glibc (through koffi, a prebuilt FFI); elsewhere a no-op.
 */
export interface MemoryTrimmer {
  /** Free bytes held inside malloc's arenas, or null where unknown. */
  freeHeldBytes(): number | null;
  /** Returns free memory to the system when at least `minFreeBytes` of it is held; true if it trimmed. */
  trimIfWorth(minFreeBytes: number): boolean;
}

interface Libc {
  mallinfo2: () => { fordblks: number | bigint };
  malloc_trim: (pad: number) => number;
}

type Koffi = typeof KoffiModule;

let libc: Libc | null | undefined;

function loadLibc(): Libc | null {
  if (libc !== undefined) return libc;
  libc = null;
  // glibc's own symbols: on musl (no libc.so.6), macOS or a glibc older than 2.33 (no
  // mallinfo2) the load or the lookup throws, and there is nothing to trim the same way.
  if (process.platform !== 'linux') return libc;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as Koffi;
    const lib = koffi.load('libc.so.6');
    const sizeT = 'size_t';
    const info = koffi.struct('mallinfo2', {
      arena: sizeT,
      ordblks: sizeT,
      smblks: sizeT,
      hblks: sizeT,
      hblkhd: sizeT,
      usmblks: sizeT,
      fsmblks: sizeT,
      uordblks: sizeT,
      fordblks: sizeT,
      keepcost: sizeT,
    });
    libc = {
      mallinfo2: lib.func('mallinfo2', info, []) as Libc['mallinfo2'],
      malloc_trim: lib.func('int malloc_trim(size_t pad)') as Libc['malloc_trim'],
    };
  } catch {
    libc = null; // not glibc 2.33+, or koffi unavailable here.
  }
  return libc;
}

export const memoryTrimmer: MemoryTrimmer = {
  freeHeldBytes() {
    const c = loadLibc();
    return c ? Number(c.mallinfo2().fordblks) : null;
  },
  trimIfWorth(minFreeBytes) {
    const free = this.freeHeldBytes();
    if (free === null || free < minFreeBytes) return false;
    loadLibc()!.malloc_trim(0);
    return true;
  },
};

/**
 * Checks every `everyMs` and trims when at least `minFreeBytes` are held free (closed sockets
 * free their native memory at once, and a full GC what the objects it collected held).
 * Answers a stop function.
 */
export function startMemoryTrimming(everyMs = 10_000, minFreeBytes = 16 * 1024 * 1024): () => void {
  if (memoryTrimmer.freeHeldBytes() === null) return () => {};
  const timer = setInterval(() => memoryTrimmer.trimIfWorth(minFreeBytes), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
