import { NEXT_CURSOR_HEADER } from '@contract/pagination';

export const HTML_INSTEAD_OF_JSON = 'Server returned HTML instead of JSON. Check API endpoint.';

/** A failed call: `status` is the HTTP status (0 when the network failed), `message` is safe to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiResult<T> = { data: T; nextCursor?: string };

function authHeader(): Record<string, string> {
  try {
    const token = localStorage.getItem('authToken');
    return token ? { authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

/** Calls the API under /api; rejects with ApiError on HTML replies, non-ok statuses and network failures. */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...authHeader(),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/html')) throw new ApiError(response.status, HTML_INSTEAD_OF_JSON);
  let body: unknown = undefined;
  if (type.includes('application/json')) {
    try {
      body = await response.json();
    } catch {
      throw new ApiError(response.status, 'The server sent a reply that could not be read.');
    }
  }
  if (!response.ok) {
    const b = (body ?? {}) as { message?: unknown; code?: unknown; fieldErrors?: Record<string, string[]> };
    const message = typeof b.message === 'string' ? b.message : `HTTP error! status: ${response.status}`;
    throw new ApiError(response.status, message, typeof b.code === 'string' ? b.code : undefined, b.fieldErrors);
  }
  return { data: body as T, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

export async function apiGet<T>(path: string): Promise<T> {
  return (await apiRequest<T>(path)).data;
}
