// Every test file runs with the engine's draft checks on (src/engine/draft.ts checkDrafts): a rule that
// writes to a unit without unitToChange, or reads a unit through a reference taken before the unit was
// copied for writing, throws instead of silently changing or misreading a state.
import { checkDrafts } from '../../src/engine/draft.js';

checkDrafts(true);
