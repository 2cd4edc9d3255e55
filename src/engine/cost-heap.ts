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
    heap.push([cost, hex]);
    let i = heap.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p]![0] <= heap[i]![0]) break;
      [heap[p], heap[i]] = [heap[i]!, heap[p]!];
      i = p;
    }
  }

  pop(): [number, HexId] | undefined {
    const heap = this.items;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let s = i;
        if (l < heap.length && heap[l]![0] < heap[s]![0]) s = l;
        if (r < heap.length && heap[r]![0] < heap[s]![0]) s = r;
        if (s === i) break;
        [heap[s], heap[i]] = [heap[i]!, heap[s]!];
        i = s;
      }
    }
    return top;
  }
}
