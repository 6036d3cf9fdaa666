import { z } from 'zod';

/**
 * Small answer shapes several routes share, and the way a route declares a non-JSON answer (issue 13: every
 * operation describes its answer in docs/api/openapi.json and in the web app's generated types). A JSON answer
 * is a zod schema: fastify-type-provider-zod encodes the handler's value through it, so a field the schema does
 * not list is dropped (z.object) and a value of the wrong type is a 500. Large documents the server builds
 * elsewhere (signed credentials, the current user…) are z.looseObject: their main fields are declared and
 * typed, and nothing else is dropped.
 */
export const okAnswer = z.object({ ok: z.boolean() });

/** A session token (sign-in, second factor, SSO). */
export const tokenAnswer = z.object({ token: z.string() });

/** A file or page answered as bytes of this type (a Buffer or a string: never re-serialised). */
export function fileAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } } };
}

/** An HTML page (public certificate and template pages). */
export function htmlAnswer(description: string) {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/** A JSON document the server builds elsewhere and answers whole (credentials, DID documents, status lists). */
export const jsonDocument = z.record(z.string(), z.unknown());
