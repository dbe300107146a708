/**
 * The one error hierarchy. Services throw these; lib/http/respond.ts turns them into the
 * specification's two body shapes. Anything else that escapes becomes a generic 500.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly extensions?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: string,
    status: number,
    message: string,
    options: { extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.extensions = options.extensions;
    this.headers = options.headers;
  }
}

type ErrorOptions = ConstructorParameters<typeof AppError>[3];

export function defineError(code: string, status: number, defaultMessage: string) {
  return class extends AppError {
    static readonly code = code;
    constructor(message: string = defaultMessage, options?: ErrorOptions) {
      super(code, status, message, options);
    }
  };
}

export const InvalidPayloadError = defineError('INVALID_PAYLOAD', 400, 'Invalid payload');
/** A value breaks a rule (a required field, a permission's validation), as Directus names it. */
export const FailedValidationError = defineError('FAILED_VALIDATION', 400, 'Validation failed');
export const InvalidQueryError = defineError('INVALID_QUERY', 400, 'Invalid query');
export const InvalidCredentialsError = defineError(
  'INVALID_CREDENTIALS',
  401,
  'Invalid user credentials',
);
export const InvalidOtpError = defineError('INVALID_OTP', 401, 'Invalid user OTP');
export const UnauthenticatedError = defineError('UNAUTHENTICATED', 401, 'Not authenticated');
export const InvalidTokenError = defineError('INVALID_TOKEN', 401, 'Invalid token');
export const TokenExpiredError = defineError('TOKEN_EXPIRED', 401, 'Token expired');
export const ForbiddenError = defineError(
  'FORBIDDEN',
  403,
  "You don't have permission to access this.",
);
export const MfaRequiredError = defineError(
  'MFA_REQUIRED',
  403,
  'Multi-factor authentication required',
);
export const NotFoundError = defineError('NOT_FOUND', 404, 'Not found');
export const RouteNotFoundError = defineError('ROUTE_NOT_FOUND', 404, 'Route not found');
export const MethodNotAllowedError = defineError('METHOD_NOT_ALLOWED', 405, 'Method not allowed');
export const ConflictError = defineError('RECORD_NOT_UNIQUE', 409, 'Value has to be unique');
export const SchemaModifiedError = defineError(
  'SCHEMA_MODIFIED',
  409,
  'The schema changed since the diff was made; diff again',
);
export const VersionOutdatedError = defineError(
  'VERSION_OUTDATED',
  409,
  'The main item changed since this version was compared; compare again',
);
export const InvalidTransitionError = defineError(
  'INVALID_TRANSITION',
  409,
  'The item is not in a state this command starts from',
);
export const ContentTooLargeError = defineError('CONTENT_TOO_LARGE', 413, 'Payload too large');
export const UnsupportedMediaTypeError = defineError(
  'UNSUPPORTED_MEDIA_TYPE',
  415,
  'Unsupported media type',
);
export const TooManyRequestsError = defineError('REQUESTS_EXCEEDED', 429, 'Too many requests');
export const InternalError = defineError(
  'INTERNAL_SERVER_ERROR',
  500,
  'An unexpected error occurred',
);
/** A server this one fetched from failed it: closed early or answered nonsense. */
export const BadGatewayError = defineError('BAD_GATEWAY', 502, 'The remote server failed');
/** A server this one fetched from did not finish in time. */
export const GatewayTimeoutError = defineError(
  'GATEWAY_TIMEOUT',
  504,
  'The remote server did not answer in time',
);
/** This host can't do what was asked (a native part it lacks); the request itself is fine. */
export const NotImplementedError = defineError('NOT_IMPLEMENTED', 501, 'Not implemented');
export const ServiceUnavailableError = defineError(
  'SERVICE_UNAVAILABLE',
  503,
  'Service unavailable',
);

/**
 * One field's part in a refused request, named as in Directus's FAILED_VALIDATION
 * extensions: `field` (the payload's top-level key, which a form shows the error on),
 * `type` (what failed: `required`, `unique`, `invalid_type`, ...), `path` (where inside the
 * value, when deeper than the field) and the text for that field alone.
 */
export interface FieldProblem {
  field: string;
  type: string;
  message: string;
  path?: (string | number)[];
}

/**
 * The extensions of an error about fields: `field`, `type` (and `path`) of the first problem,
 * as Directus sends them, and `fields`, the list of every problem, so a client sees them all
 * as data and never has to read the message.
 */
export function fieldExtensions(problems: readonly FieldProblem[]): Record<string, unknown> {
  const [first] = problems;
  if (!first) return {};
  return {
    field: first.field,
    type: first.type,
    ...(first.path && { path: first.path }),
    fields: problems.map((p) => ({ ...p })),
  };
}

type ErrorClass = ReturnType<typeof defineError>;

/** An error of `Kind` whose extensions name the fields at fault (see fieldExtensions). */
export function fieldError(
  Kind: ErrorClass,
  message: string,
  problems: FieldProblem | readonly FieldProblem[],
): AppError {
  const list = Array.isArray(problems) ? problems : [problems as FieldProblem];
  return new Kind(message, { extensions: fieldExtensions(list) });
}

function isProblem(value: unknown): value is FieldProblem {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return typeof p.field === 'string' && typeof p.type === 'string' && typeof p.message === 'string';
}

/** The field problems an error carries (none for an error about no field in particular). */
export function fieldProblems(err: AppError): FieldProblem[] {
  const list = err.extensions?.fields;
  return Array.isArray(list) ? list.filter(isProblem) : [];
}

/**
 * The same refusal with its fields placed under `at` (a payload that sits inside a list of
 * the body, as `fields[2]` of a new collection), so the data points where the client sent it.
 */
export function nestedFieldError(err: unknown, at: [string, ...(string | number)[]]): unknown {
  if (!(err instanceof AppError)) return err;
  const problems = fieldProblems(err);
  if (!problems.length) return err;
  const moved = problems.map((p) => ({
    ...p,
    field: at[0],
    path: [...at, ...(p.path ?? [p.field])],
  }));
  return new AppError(err.code, err.status, err.message, {
    headers: err.headers,
    extensions: { ...err.extensions, ...fieldExtensions(moved) },
  });
}

/**
 * 400 INVALID_PAYLOAD about one field, worded `"field" <text>` (or `message`), with the field
 * as data so no client has to read it out of the words.
 */
export function invalidField(
  field: string,
  text: string,
  options: { type?: string; message?: string } = {},
): AppError {
  return fieldError(InvalidPayloadError, options.message ?? `"${field}" ${text}`, {
    field,
    type: options.type ?? 'invalid',
    message: text,
  });
}
