// The shape of a rule index (data/rules/<system>.json) and of an imported full text
// (var/rules/<system>.json). Validated with zod when loaded.
import { z } from 'zod';

export const RuleEntrySchema = z.object({
  id: z.string().min(1).max(40),
  title: z.string().min(1).max(200),
  parent: z.string().min(1).nullable(),
  summary: z.string().min(1),
  keywords: z.array(z.string().min(1)),
  refs: z.array(z.string().min(1)),
  ja: z.object({ title: z.string().min(1), summary: z.string().min(1) }).optional(),
});

export const RuleIndexSchema = z.object({
  system: z.string().regex(/^[a-z][a-z0-9-]*$/, 'system must be a lowercase slug'),
  title: z.string().min(1),
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
