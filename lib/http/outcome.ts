/**
 * A route's answer before it is sent: turned into a Web `Response` for Next and the
 * in-process tests, or written straight to Node's response by the production server.
 */
export interface Outcome {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  cookies?: string[];
  /** The serialised body, or null for none. */
  body: string | null;
  /** A `Response` the handler built itself (a stream, plain text): sent with `headers` added. */
  response?: Response;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function lowerCased(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers) for (const name of Object.keys(headers)) out[name.toLowerCase()] = headers[name];
  return out;
}

export function jsonOutcome(
  body: unknown,
  status = 200,
  headers?: Record<string, string>,
): Outcome {
  const h = lowerCased(headers);
  h['content-type'] = JSON_TYPE;
  return { status, headers: h, body: JSON.stringify(body) };
}

export function responseOutcome(response: Response): Outcome {
  return { status: response.status, headers: {}, body: null, response };
}

export function toResponse(outcome: Outcome): Response {
  const { response } = outcome;
  if (response) {
    for (const name of Object.keys(outcome.headers)) {
      response.headers.set(name, outcome.headers[name]);
    }
    return response;
  }
  const headers = new Headers(outcome.headers);
  for (const c of outcome.cookies ?? []) headers.append('set-cookie', c);
  const bodyless = outcome.status === 204 || outcome.status === 304;
  return new Response(bodyless ? null : outcome.body, { status: outcome.status, headers });
}
