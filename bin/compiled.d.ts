/** True when the build in `root`/dist is current for the sources in `root` (bin/compiled.js). */
export function compiledIsCurrent(root: string): boolean;
