import { z } from 'zod';

const text = z.string();
const bytes = z.string().meta({ format: 'binary' });

/**
 * A response of one media type other than the default JSON, for the route schema and so for /api/docs: text (CSV,
 * HTML, an event stream) as a string, anything else (PDF, PNG) as bytes, or JSON given its schema (a download).
 * Handlers send these as text or Buffers, which Fastify writes as they are: the schema only documents them.
 */
export function fileResponse(mediaType: string, description: string, schema: z.ZodType = mediaType.startsWith('text/') ? text : bytes) {
  return { description, content: { [mediaType]: { schema } } };
}
