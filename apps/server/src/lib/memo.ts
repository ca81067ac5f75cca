/**
 * A bounded memo of values that are costly to compute and keyed by text: cleared whole when full,
 * which is cheap and keeps the hot entries coming back.
 */
export class Memo<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string, make: () => V): V {
    const hit = this.map.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, value);
    return value;
  }
}
