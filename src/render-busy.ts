// The map painters (src/render-pool.ts) have more maps waiting than they take: the front end says so
// politely and the player asks again in a moment. Shared so every front end can tell it apart.
export class RenderBusyError extends Error {
  constructor(readonly waiting: number) {
    super(`the map painter is busy (${waiting} maps waiting)`);
    this.name = 'RenderBusyError';
  }
}
