#!/usr/bin/env node
// The Docker HEALTHCHECK: `hexref health` without loading the rest of hexref (no Discord client, no
// canvas, no store): well under a second and a few tens of MB. Reads the heartbeat the bot writes
// (HEALTH_FILE, default ./var/health.json); exit 0 = fresh, gateway connected, store reachable.
import { register } from 'tsx/esm/api';

register();
const { healthMain } = await import('../src/health.ts');
process.exitCode = healthMain(process.argv.slice(2));
