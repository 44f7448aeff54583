import http from 'node:http';

/**
 * A GET of `target` exactly as written, sent to the server at `baseUrl`: fetch would resolve `..`
 * and `.` segments before sending.
 */
export function getAsWritten(
  baseUrl: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: target, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            type: String(response.headers['content-type']),
            body,
          }),
        );
      })
      .on('error', reject);
  });
}
