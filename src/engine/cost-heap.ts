/**
 * A binary min-heap of (cost, hex) pairs for the engine's cheapest-path searches (movement, 4.0; night
 * raid routes, 16.4). Ties pop in the heap's own fixed order, so a search over the same state always
 * finds the same paths.
 */
import type { HexId } from './hex.js';

export class CostHeap {
  private readonly items: [number, HexId][] = [];

  get size(): number {
    return this.items.length;
  }

  push(cost: number, hex: HexId): void {
    const heap = this.items;
    const item: [number, HexId] = [cost, hex];
    // Sift up with a hole (the same order as swapping, without a pair per swap).
    let i = heap.length;
    heap.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = heap[p]!;
      if (parent[0] <= cost) break;
      heap[i] = parent;
      i = p;
    }
    heap[i] = item;
  }

  pop(): [number, HexId] | undefined {
    const heap = this.items;
    const top = heap[0];
    const last = heap.pop();
    const n = heap.length;
    if (n > 0 && last) {
      const cost = last[0];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let s = i;
        let sCost = cost;
        if (l < n && heap[l]![0] < sCost) {
          s = l;
          sCost = heap[l]![0];
        }
        if (r < n && heap[r]![0] < sCost) s = r;
        if (s === i) break;
        heap[i] = heap[s]!;
        i = s;
      }
      heap[i] = last;
    }
    return top;
  }
}

/** The same for hex numbers (grid.ts), keys and items in two plain arrays. */
export class IndexHeap {
  private readonly keys: number[] = [];
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(key: number, item: number): void {
    const keys = this.keys;
    const items = this.items;
    let i = items.length;
    keys.push(key);
    items.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      keys[i] = keys[p]!;
      items[i] = items[p]!;
      i = p;
    }
    keys[i] = key;
    items[i] = item;
  }

  /** The item with the least key, or -1 when empty. */
  pop(): number {
    const keys = this.keys;
    const items = this.items;
    if (items.length === 0) return -1;
    const top = items[0]!;
    const lastKey = keys.pop()!;
    const last = items.pop()!;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let s = i;
        let sKey = lastKey;
        if (l < n && keys[l]! < sKey) {
          s = l;
          sKey = keys[l]!;
        }
        if (r < n && keys[r]! < sKey) s = r;
        if (s === i) break;
        keys[i] = keys[s]!;
        items[i] = items[s]!;
        i = s;
      }
      keys[i] = lastKey;
      items[i] = last;
    }
    return top;
  }
}
