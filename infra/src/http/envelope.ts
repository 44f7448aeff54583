/** The success body every call answers with: {status: "success", message, data}. */
export function ok<T>(data: T, message = 'OK'): { status: 'success'; message: string; data: T } {
  return { status: 'success', message, data };
}
