import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  ApiError,
  createApiClient,
  UNEXPECTED_SERVER_ERROR,
  UNSPECIFIED_SERVER_ERROR,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  fetchMock.mockReset();
});

describe('api client', () => {
  const api = createApiClient({ fetch: fetchMock });

  it('calls the customer API with cookies and a JSON body, and parses the JSON answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ isTaken: false }));

    const result = await api.post<{ isTaken: boolean }>('/login', {
      email: 'sam@example.com',
      password: 'secret1',
    });

    expect(result).toEqual({ isTaken: false });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init?.body).toBe(JSON.stringify({ email: 'sam@example.com', password: 'secret1' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ isTaken: true }));

    await api.get('/check-email', { params: { email: 'sam+dog@example.com', unused: undefined } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/check-email?email=sam%2Bdog%40example.com');
  });

  it('sends the access token when one is held', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    const authed = createApiClient({ fetch: fetchMock, getAccessToken: () => 'token-1' });

    await authed.get('/me');

    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer token-1',
    );
  });

  it('answers undefined for an empty successful response', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(api.post('/logout', {})).resolves.toBeUndefined();
  });

  it("throws the server's error message with the status", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Invalid Australian phone number' }, 400));

    const error = await rejection(api.patch('/me', { phoneNumber: '123' }));

    expect(error.message).toBe('Invalid Australian phone number');
    expect(error.status).toBe(400);
    expect(error.serverError).toBe('Invalid Australian phone number');
  });

  it('falls back to "Unspecified server error" when the answer has no error field', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'something else' }, 500));

    const error = await rejection(api.get('/dogs'));

    expect(error.message).toBe(UNSPECIFIED_SERVER_ERROR);
    expect(error.message).toBe('Unspecified server error');
    expect(error.status).toBe(500);
    expect(error.serverError).toBeUndefined();
  });

  it('falls back to the fallback the call gives, e.g. "Unexpected server error"', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await rejection(
      api.get('/products', { fallbackMessage: UNEXPECTED_SERVER_ERROR }),
    );

    expect(error.message).toBe('Unexpected server error');
    expect(error.status).toBe(502);
  });

  it('treats a blank error field as missing', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: '  ' }, 404));

    const error = await rejection(api.get('/orders/past'));

    expect(error.message).toBe('Unspecified server error');
    expect(error.status).toBe(404);
  });

  it('reports a network failure as status 0 with the fallback message', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(cause);

    const error = await rejection(api.get('/orders'));

    expect(error.message).toBe('Unspecified server error');
    expect(error.status).toBe(0);
    expect(error.cause).toBe(cause);
  });
});

describe('api client: expired access tokens', () => {
  function signedInClient(initialToken = 'old-token') {
    let token: string | null = initialToken;
    const refreshAccessToken = vi.fn<() => Promise<string | null>>(async () => {
      token = 'new-token';
      return token;
    });
    const onSessionExpired = vi.fn();
    const client = createApiClient({
      fetch: fetchMock,
      getAccessToken: () => token,
      refreshAccessToken,
      onSessionExpired,
    });
    return {
      client,
      refreshAccessToken,
      onSessionExpired,
      setToken: (next: string | null) => (token = next),
    };
  }

  const authorizationOf = (call: number) =>
    new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');

  it('refreshes once on a 401 and retries the call with the new token', async () => {
    const { client, refreshAccessToken, onSessionExpired } = signedInClient();
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ error: 'Your session has expired.' }, 401))
      .mockResolvedValueOnce(jsonResponse({ firstName: 'Sam' }));

    await expect(client.get('/me')).resolves.toEqual({ firstName: 'Sam' });

    expect(refreshAccessToken).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authorizationOf(0)).toBe('Bearer old-token');
    expect(authorizationOf(1)).toBe('Bearer new-token');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails, marking the error', async () => {
    const { client, refreshAccessToken, onSessionExpired } = signedInClient();
    refreshAccessToken.mockResolvedValue(null);
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Your session has expired.' }, 401));

    const error = await rejection(client.get('/me'));

    expect(error.status).toBe(401);
    expect(error.sessionExpired).toBe(true);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("reports a second 401 as the server's answer, without ending the session", async () => {
    const { client, onSessionExpired } = signedInClient();
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: 'Your current password is incorrect' }, 401),
    );

    const error = await rejection(client.post('/reset-password', { previousPassword: 'x' }));

    expect(error.message).toBe('Your current password is incorrect');
    expect(error.sessionExpired).toBe(false);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries with a token another call refreshed meanwhile, without refreshing again', async () => {
    const { client, refreshAccessToken, setToken } = signedInClient();
    fetchMock
      .mockImplementationOnce(async () => {
        setToken('token-from-another-call');
        return jsonResponse({}, 401);
      })
      .mockResolvedValueOnce(jsonResponse([]));

    await client.get('/dogs');

    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(authorizationOf(1)).toBe('Bearer token-from-another-call');
  });

  it('treats a 401 on a public call (auth: false) as an answer: no token, no refresh', async () => {
    const { client, refreshAccessToken } = signedInClient();
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Incorrect email or password' }, 401));

    const error = await rejection(client.post('/login', {}, { auth: false }));

    expect(error.message).toBe('Incorrect email or password');
    expect(authorizationOf(0)).toBeNull();
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });

  it('does not refresh for a call made without a token', async () => {
    const { client, refreshAccessToken, setToken } = signedInClient();
    setToken(null);
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Sign in to continue' }, 401));

    await rejection(client.get('/me'));

    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});
