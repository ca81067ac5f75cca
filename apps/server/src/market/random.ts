// Seeded randomness. Everything the simulation draws comes from here, keyed by integers derived
// from (seed, symbol, day, minute), so a draw depends on what it is for and never on call order.

/** 32-bit FNV-1a of a string, finished with a murmur3 avalanche. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return avalanche(h);
}

function avalanche(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Combine a key with an integer (which may be negative or exceed 32 bits) into a new key. */
export function mix(key: number, value: number): number {
  const lo = value | 0;
  const hi = Math.floor(value / 4294967296) | 0;
  return avalanche((key ^ Math.imul(lo, 0x9e3779b1)) + Math.imul(hi ^ 0x27d4eb2f, 0x165667b1));
}

/** A uniform in (0, 1) from a 32-bit key. */
export function uniformOf(key: number): number {
  return ((key >>> 0) + 0.5) / 4294967296;
}

/** A standard normal addressed by (key, index): random access, no sequence state. */
export function normalAt(key: number, index: number): number {
  const u1 = uniformOf(mix(key, index * 2));
  const u2 = uniformOf(mix(key, index * 2 + 1));
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** mulberry32: a small, fast sequential generator for the draws inside one day or one minute. */
export class Rng {
  private state: number;
  private spare = Number.NaN;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** Uniform in (0, 1), never 0 so logarithms are safe. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  }

  /** Standard normal (Box-Muller, the second value of each pair is kept for the next call). */
  normal(): number {
    if (!Number.isNaN(this.spare)) {
      const s = this.spare;
      this.spare = Number.NaN;
      return s;
    }
    const r = Math.sqrt(-2 * Math.log(this.next()));
    const a = 2 * Math.PI * this.next();
    this.spare = r * Math.sin(a);
    return r * Math.cos(a);
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
}
