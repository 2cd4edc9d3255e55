// A bot process for the embedded-store crash test (crash.ts): opens the store (taking over the lock a
// killed predecessor left), creates the game on the first round, then writes notes through the game
// service as fast as it can, printing `ack <requestId>` after each confirmed write, until it is
// killed (SIGKILL) or told to stop.
import { openGameService } from '../../app/wiring.js';

const [dir, round, existing] = process.argv.slice(2) as [string, string, string];
const bundle = await openGameService({ storeUrl: `file:${dir}` });
const host = { userId: 'crash-host', name: 'Host' };
let gameId = existing;
if (!gameId) {
  const created = await bundle.service.createGame({ channelId: 'crash', host, scenario: bundle.ruleset.scenarios[0]!.id });
  if (!created.ok) throw new Error(created.error.message);
  gameId = created.gameId;
}
process.stdout.write(`game ${gameId}\n`);
let stop = false;
process.on('message', () => {
  stop = true;
});
for (let i = 0; !stop; i++) {
  const id = `r${round}-${i}`;
  const r = await bundle.service.note({ gameId }, host, `note ${id}`, { requestId: id });
  if (!r.ok) throw new Error(`write refused: ${r.error.code} ${r.error.message}`);
  process.stdout.write(`ack ${id}\n`);
}
await bundle.close();
process.disconnect?.();
