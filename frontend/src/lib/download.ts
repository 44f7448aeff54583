import { ApiError, buildUrl } from './api-client';
import { getToken } from './session-storage';

/**
 * Saves a document the API answers as a file (a PDF or CSV). The session token travels in a
 * header, which a plain link cannot send, so the file is fetched and handed over as a blob.
 */
export async function downloadFromApi(path: string, filename: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('Unable to connect to the server.', 0);
  }
  if (!response.ok) throw new ApiError('The document could not be downloaded.', response.status);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
