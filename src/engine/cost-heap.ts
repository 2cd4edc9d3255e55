/**
 * A binary min-heap of items by cost for the engine's cheapest-path searches (movement, 4.0: hex ids;
 * night raid routes, 16.4: hex numbers of the map's arrays, grid.ts). Costs and items sit in two plain
 * arrays (no pair per entry). Ties pop in the heap's own fixed order, so a search over the same state
 * always finds the same paths.
 */
import type { HexId } from './hex.js';

export class CostHeap<T = HexId> {
  private readonly costs: number[] = [];
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  push(cost: number, item: T): void {
    const costs = this.costs;
    const items = this.items;
    // Sift up with a hole (the same order as swapping).
    let i = items.length;
    costs.push(cost);
    items.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (costs[p]! <= cost) break;
      costs[i] = costs[p]!;
      items[i] = items[p]!;
      i = p;
    }
    costs[i] = cost;
    items[i] = item;
  }

  /** The cheapest item with its cost, or undefined when the heap is empty. */
  pop(): [number, T] | undefined {
    if (this.items.length === 0) return undefined;
    const cost = this.costs[0]!;
    return [cost, this.popItem()!];
  }

  /** The cheapest item alone, or undefined when the heap is empty. */
  popItem(): T | undefined {
    const costs = this.costs;
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0]!;
    const lastCost = costs.pop()!;
    const last = items.pop()!;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let s = i;
        let sCost = lastCost;
        if (l < n && costs[l]! < sCost) {
          s = l;
          sCost = costs[l]!;
        }
        if (r < n && costs[r]! < sCost) s = r;
        if (s === i) break;
        costs[i] = costs[s]!;
        items[i] = items[s]!;
        i = s;
      }
      costs[i] = lastCost;
      items[i] = last;
    }
    return top;
  }
}
