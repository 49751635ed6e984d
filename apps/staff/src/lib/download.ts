import { STAFF_API_BASE_PATH } from '@pawfresh/contracts/staff-base-path';
import { getServiceMessage, type QueryParams } from '@pawfresh/web-session/api-client';
import { saveBlob } from '@pawfresh/web-session/save-file';

import { ApiError, session, UNEXPECTED_ERROR } from './api';

/**
 * Saves a file the staff API answers (a PDF label, a pick list): fetched with the in-memory
 * token (a plain link would carry none), then handed to the browser as a download under the
 * server's file name. A refusal is thrown in the server's words, as the JSON calls do.
 */
export async function downloadFile(path: string, params: QueryParams, fallbackName: string) {
  await session.ensureFresh();
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  const token = session.getAccessToken();
  const res = await fetch(`${STAFF_API_BASE_PATH}${path}${query ? `?${query}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!res.ok) {
    const message = getServiceMessage(await res.json().catch(() => undefined));
    throw new ApiError(message ?? UNEXPECTED_ERROR, res.status, message);
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
}
