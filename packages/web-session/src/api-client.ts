/** Base path of the customer API (customer-app.md §7), on the same origin as the app. */
export const API_BASE_URL = '/api/v1';

/** Fallback messages when an error response carries no `error` field (customer-app.md §8). */
export const UNSPECIFIED_SERVER_ERROR = 'Unspecified server error';
/** Product calls use this fallback instead. */
export const UNEXPECTED_SERVER_ERROR = 'Unexpected server error';

/**
 * A failed API call. `message` is what to show a person: the server's `error` field, or the call's
 * fallback. `status` is the HTTP status, or 0 when no response arrived (network failure).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The `error` field of the server's `{ error: string }` envelope, when there was one. */
  readonly serverError: string | undefined;
  /**
   * A signed-in call was refused and the session could not be refreshed: the app is taking the
   * person to the login page, so callers should not show this error themselves.
   */
  readonly sessionExpired: boolean;
  /**
   * The error answer's body as parsed (undefined when it was not JSON): for a page that shows each
   * of a 400's messages by its field (the services' envelope pairs `message[i]` with
   * `details[i].path`).
   */
  readonly body: unknown;

  constructor(
    message: string,
    status: number,
    serverError: string | undefined,
    options?: ErrorOptions & { sessionExpired?: boolean; body?: unknown },
  ) {
    super(message, options);
    this.status = status;
    this.serverError = serverError;
    this.sessionExpired = options?.sessionExpired ?? false;
    this.body = options?.body;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Message used when the error response has no `error` field. */
  fallbackMessage?: string;
  /**
   * `false` for the public calls (login, password recovery, refresh, logout): no access token is
   * sent and a 401 is an answer, not an expired session. Default `true`.
   */
  auth?: boolean;
};

export type ApiClientOptions = {
  baseUrl?: string;
  /** The in-memory access token (customer-app.md §4, session), sent as a bearer token when present. */
  getAccessToken?: () => string | null | undefined;
  /**
   * Called when a signed-in call answers 401: a new access token, or null when the session is
   * over. The call is then retried once with the new token.
   */
  refreshAccessToken?: () => Promise<string | null>;
  /** Called when a signed-in call answered 401 and the session could not be refreshed. */
  onSessionExpired?: () => void;
  fetch?: typeof fetch;
  /**
   * The message a person should see from an error answer's body, if it has one. Default: the
   * customer API's `{ error: string }` envelope (getServerError); the staff API answers the
   * services' `{ message }` envelope (getServiceMessage).
   */
  readError?: (body: unknown) => string | undefined;
};

export type ApiClient = {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  put<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  patch<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
};

function buildUrl(baseUrl: string, path: string, params: QueryParams | undefined): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** Reads a body that may be empty or not JSON at all (proxies and crashes answer with HTML). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The `message` of the services' error envelope (`{ message: string | string[], statusCode }`,
 * what the staff API answers), if the body is one; a list of messages is joined.
 */
export function getServiceMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    const text = Array.isArray(message)
      ? message.filter((m): m is string => typeof m === 'string').join('. ')
      : message;
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return undefined;
}

/** The `error` field of the customer API's error envelope, if the body is one. */
export function getServerError(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return undefined;
}

export function createApiClient({
  baseUrl = API_BASE_URL,
  getAccessToken,
  refreshAccessToken,
  onSessionExpired,
  fetch: fetchImpl,
  readError = getServerError,
}: ApiClientOptions = {}): ApiClient {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const {
      method = 'GET',
      body,
      params,
      signal,
      fallbackMessage = UNSPECIFIED_SERVER_ERROR,
      auth = true,
    } = options;
    const url = buildUrl(baseUrl, path, params);

    async function send(token: string | null | undefined): Promise<Response> {
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      // Resolved per call so tests (and polyfills) that replace the global fetch are honoured.
      const doFetch = fetchImpl ?? globalThis.fetch;
      try {
        return await doFetch(url, {
          method,
          headers,
          credentials: 'include',
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ApiError(fallbackMessage, 0, undefined, { cause: error });
      }
    }

    const sentToken = auth ? getAccessToken?.() : undefined;
    let response = await send(sentToken);

    // A signed-in call refused with 401: the access token may have expired since the last check.
    // Refresh once and retry once; a second 401 is the server's real answer (e.g. a wrong current
    // password) and is thrown like any other error.
    if (response.status === 401 && sentToken && refreshAccessToken) {
      const current = getAccessToken?.();
      // Another call may already have refreshed the token meanwhile.
      const freshToken = current && current !== sentToken ? current : await refreshAccessToken();
      if (!freshToken) {
        const serverError = readError(await readJson(response));
        onSessionExpired?.();
        throw new ApiError(serverError ?? fallbackMessage, 401, serverError, {
          sessionExpired: true,
        });
      }
      response = await send(freshToken);
    }

    const data = await readJson(response);
    if (!response.ok) {
      const serverError = readError(data);
      throw new ApiError(serverError ?? fallbackMessage, response.status, serverError, {
        body: data,
      });
    }
    return data as T;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}
