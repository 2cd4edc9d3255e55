// Game options by rule section, as typed at /game new (`rules:`) or in the console (`rules:`): e.g.
// "17.0.4:off, 20.8:on". Section numbers only; on/off (yes/no, true/false). The service checks the keys
// again (createGame), the engine reads them (GameState.options).

/** Parse "17.0.4:off 20.8:on" into options, or say what is wrong. */
export function parseRuleOptions(text: string): Record<string, boolean> | { error: string } {
  const out: Record<string, boolean> = {};
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(\d+(?:\.\d+)*(?:-[a-z]+)?)[:=](on|off|yes|no|true|false)$/i.exec(part);
    if (!m) return { error: `'${part.slice(0, 30)}' is not a rule option: write a section and on or off, e.g. 17.0.4:off or 20.8:on.` };
    out[m[1]!.toLowerCase()] = /^(on|yes|true)$/i.test(m[2]!);
  }
  return out;
}
