// The shape of a rule index (data/rules/<system>.json) and of an imported full text
// (var/rules/<system>.json). Validated with zod when loaded.
import { z } from 'zod';

// Entries refuse unknown fields, so a misspelt field name is an error, not silently ignored.
export const RuleEntrySchema = z.strictObject({
  /** Section number ("8.5.2.2", "E4.21", a case "8.3(4)") or a heading slug (Rifles: "deep-snow"). */
  id: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9.()-]+$/, 'an id is a section number, a case like 8.3(4), or a slug'),
  title: z.string().min(1).max(200),
  parent: z.string().min(1).nullable(),
  summary: z.string().min(1),
  keywords: z.array(z.string().min(1)),
  refs: z.array(z.string().min(1)),
  /** Japanese title and summary, in our own words. */
  ja: z.strictObject({ title: z.string().min(1), summary: z.string().min(1) }).optional(),
  /** Notes for maintainers about the source (e.g. where a seed text starts); never shown to players. */
  note: z.string().min(1).optional(),
});

export const RuleIndexSchema = z.strictObject({
  system: z.string().regex(/^[a-z][a-z0-9-]*$/, 'system must be a lowercase slug'),
  title: z.string().min(1),
  /** Short names for buttons and labels, e.g. "ASL chapter E" / "ASL 第E章". */
  label: z.strictObject({ en: z.string().min(1).max(40), ja: z.string().min(1).max(40) }).optional(),
  source: z.string().min(1),
  languages: z.array(z.string().min(2)).min(1),
  entries: z.array(RuleEntrySchema).min(1),
});

export const FullTextSectionSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  text: z.string(),
});

/** What `hexref rules import` stores locally (never in the repository). */
export const FullTextFileSchema = z.object({
  system: z.string().min(1),
  importedFrom: z.string(),
  importedAt: z.string(),
  sections: z.array(FullTextSectionSchema),
});

export type RuleEntry = z.infer<typeof RuleEntrySchema>;
export type RuleIndex = z.infer<typeof RuleIndexSchema>;
export type FullTextSection = z.infer<typeof FullTextSectionSchema>;
export type FullTextFile = z.infer<typeof FullTextFileSchema>;
