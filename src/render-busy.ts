// The map painters (src/render-pool.ts) have more maps waiting than they take: the front end says so
// politely and the player asks again in a moment. Shared so every front end can tell it apart.
export class RenderBusyError extends Error {
  constructor(readonly waiting: number) {
    super(`the map painter is busy (${waiting} maps waiting)`);
    this.name = 'RenderBusyError';
  }
}

/**
 * A map was sent to a painter and did not come back: its child process died (killed, crashed), it
 * overran its deadline (hung), or the drawing itself failed. The change it was drawn for is saved:
 * the front end says the map could not be drawn and that the move stands, never a generic error.
 */
export class RenderFailedError extends Error {
  constructor(
    readonly reason: 'stopped' | 'timeout' | 'error',
    message: string,
  ) {
    super(message);
    this.name = 'RenderFailedError';
  }
}
