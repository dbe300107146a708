import { z } from 'zod';

const rawResponses = z.registry<{ mediaType: string }>();

/**
 * Marks a route's `response` schema as sent as it is, without the `{data}` envelope (a
 * plain-text probe, the OpenAPI document itself), so the document describes it truthfully.
 */
export function rawResponse<T extends z.ZodType>(schema: T, mediaType = 'application/json'): T {
  rawResponses.add(schema, { mediaType });
  return schema;
}

/** The media type of a response marked with `rawResponse`, or undefined for enveloped ones. */
export function rawMediaType(schema: z.ZodType | undefined): string | undefined {
  return schema ? rawResponses.get(schema)?.mediaType : undefined;
}

/** The outline of an OpenAPI document, as the document routes answer it (unwrapped). */
export const openApiDocumentShape = rawResponse(
  z.looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);
