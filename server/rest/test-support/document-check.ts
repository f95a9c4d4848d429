/**
 * The check the test clients run on every answer they receive: the OpenAPI document must list the answer's
 * status for that operation, and for a failure its code. An answer the document does not list means the
 * document and the code drifted apart, and the test that saw it fails.
 *
 * Plain data in, so the integration client (document built in process) and the HTTP end-to-end client
 * (document fetched from the server) share it.
 */

export interface DocumentedResponse {
  description?: string;
  /** The error codes a failure with this status carries (server/rest/openapi-document.ts writes them). */
  'x-error-codes'?: readonly string[];
}

export interface DocumentLike {
  paths?: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> } | undefined> | undefined>;
}

export interface SeenAnswer {
  method: string;
  /** The request URL or just its path; the query is ignored. */
  url: string;
  status: number;
  /** The parsed body, when it was JSON. */
  body?: unknown;
}

/**
 * Why the document does not cover this answer, or undefined when it does. Paths and methods the document
 * does not describe (tRPC, the local-world endpoints, unknown paths) are not its business.
 */
export function undocumentedAnswer(document: DocumentLike, answer: SeenAnswer): string | undefined {
  const found = operationFor(document, answer.method, pathnameOf(answer.url));
  if (!found) return undefined;
  const { template, responses } = found;
  const where = `${answer.method.toUpperCase()} ${template}`;
  const listed = responses[String(answer.status)];
  if (!listed) {
    return `${where} answered ${answer.status}, which the OpenAPI document does not list (listed: ${Object.keys(responses).join(', ')})`;
  }
  const code = failureCode(answer.body);
  const codes = listed['x-error-codes'];
  if (answer.status >= 400 && code !== undefined && codes && !codes.includes(code)) {
    return `${where} answered ${answer.status} ${code}, which the OpenAPI document does not list for ${answer.status} (listed: ${codes.join(', ')})`;
  }
  return undefined;
}

function pathnameOf(url: string): string {
  return new URL(url, 'http://document.check').pathname;
}

function failureCode(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The operation serving method + path: an exact path first, then a templated one (`/status/{requestId}`). */
function operationFor(document: DocumentLike, method: string, pathname: string) {
  const paths = document.paths ?? {};
  const lower = method.toLowerCase();
  const exact = paths[pathname]?.[lower];
  if (exact) return { template: pathname, responses: exact.responses ?? {} };
  for (const [template, item] of Object.entries(paths)) {
    if (!template.includes('{')) continue;
    const pattern = new RegExp(
      `^${template
        .split(/\{[^}]+\}/)
        .map(escapeRegExp)
        .join('[^/]+')}$`,
    );
    const operation = item?.[lower];
    if (operation && pattern.test(pathname)) return { template, responses: operation.responses ?? {} };
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
