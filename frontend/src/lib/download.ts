import { requestNamedFile } from './api-client';

/**
 * Saves a document the API answers as a file (a PDF or CSV). The session token travels in a
 * header, which a plain link cannot send, so the file is fetched and handed over as a blob. It is
 * saved under the name the server gives it (which tells apart accounts that share a name by
 * their last four); `fallback` only when the answer names none.
 */
export async function downloadFromApi(path: string, fallback: string): Promise<void> {
  const { blob, filename } = await requestNamedFile(path, 'The document could not be downloaded.');
  saveFile(blob, filename ?? fallback);
}

/**
 * Hands a file made in the browser to the customer as a download. The object URL is released a
 * moment later: released at once, some browsers cancel the download it started.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
