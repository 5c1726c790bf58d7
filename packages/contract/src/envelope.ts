import { z } from 'zod';

/**
 * Every answer of the API is `{ success, message, value }`. Errors also carry a
 * stable machine `code`; `message` is always a catalogue key the web translates
 * (see `errors.ts`), never prose and never a stack trace.
 */
export const envelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    value,
  });

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  /** Field-level problems, keyed by field name, each a catalogue key with its parameters. */
  fields: z.record(z.string(), z.object({ key: z.string(), params: z.record(z.string(), z.unknown()).optional() })).optional(),
  value: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type Envelope<T> = { success: true; message: string; value: T };
