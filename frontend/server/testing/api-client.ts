/** JSON over HTTP as an admin or a customer; remembers the newest position for read-your-writes. */
export function apiClient(baseUrl: string) {
  let newestPosition = '';
  async function send<T>(
    method: string,
    path: string,
    body: unknown,
    token?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as T & { position?: string };
    if (answer.position !== undefined && answer.position > newestPosition) newestPosition = answer.position;
    return { status: response.status, body: answer };
  }
  async function ok<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
    const answer = await send<T>(method, path, body, token);
    if (answer.status >= 300)
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
  /** A read that waits until it sees every write this client made. */
  const read = <T>(path: string, token?: string) =>
    send<T>('GET', path, undefined, token, newestPosition ? { 'x-labshop-position': newestPosition } : {});
  return { send, ok, read, newestPosition: () => newestPosition };
}
