/** Shape of every non-2xx answer from the LabShop API. */
interface ApiErrorBody {
  error?: unknown;
  message?: unknown;
  fields?: unknown;
  details?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  /** The `error` name from the body, e.g. 'BadRequest'; 'NetworkError' when no answer came back. */
  readonly code: string;
  /** Per-field validation messages, keyed by the request body's field names. */
  readonly fields: Readonly<Record<string, string>>;
  /** Extra facts the server gave with a refusal (e.g. the new prices of a 409); parse before use. */
  readonly details: unknown;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

const fallbackMessages: Record<number, string> = {
  401: 'Please log in again.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'Someone else changed this at the same time. Please try again.',
  429: 'Too many attempts. Please wait a moment and try again.',
  503: 'The shop is briefly unavailable. Please try again in a few seconds.',
};

/** Builds an ApiError from a failed response, tolerating bodies that are not the documented shape (e.g. a proxy's HTML page). */
export async function parseApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const shaped: ApiErrorBody = typeof body === 'object' && body !== null ? body : {};
  const message =
    typeof shaped.message === 'string' && shaped.message.trim() !== ''
      ? shaped.message
      : (fallbackMessages[response.status] ?? `The server could not complete the request (${response.status}).`);
  const code = typeof shaped.error === 'string' ? shaped.error : `Http${response.status}`;
  return new ApiError(response.status, code, message, stringFields(shaped.fields), shaped.details);
}

function stringFields(fields: unknown): Record<string, string> {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface AdminSessionBinding {
  getToken(): string | null;
  /** Called when the server rejects the admin token we sent (expired or revoked). */
  onUnauthorized(): void;
}

/** The same contract for the shopper's session, sent only to the customer's own routes. */
export type CustomerSessionBinding = AdminSessionBinding;

export interface RequestOptions {
  signal?: AbortSignal;
}

export const positionHeader = 'x-labshop-position';

const isAdminPath = (path: string) => path.startsWith('/api/admin/');
const isCustomerPath = (path: string) => path.startsWith('/api/account/');

/** Where the newest position survives a page reload, so a reload right after a write still reads it. */
export interface PositionStore {
  load(): string | undefined;
  save(position: string): void;
  forget(): void;
}

const positionStorageKey = 'labshop.position';

const memoryOnly: PositionStore = { load: () => undefined, save: () => undefined, forget: () => undefined };

const tabPositionStore: PositionStore =
  typeof sessionStorage === 'undefined'
    ? memoryOnly
    : {
        load: () => sessionStorage.getItem(positionStorageKey) ?? undefined,
        save: (position) => sessionStorage.setItem(positionStorageKey, position),
        forget: () => sessionStorage.removeItem(positionStorageKey),
      };

/** 'retrying' while some request is waiting to ask again after a 503 (the shop is briefly unavailable). */
export type Availability = 'available' | 'retrying';

export interface ApiClientOptions {
  fetch?: typeof fetch;
  positionStore?: PositionStore;
  /** The longest wait between two tries of a request answered 503, whatever its Retry-After says. */
  maxRetryWaitMs?: number;
  /** How long a request answered 503 keeps being retried before its caller sees the 503. */
  retryBudgetMs?: number;
}

/** The wait a 503's Retry-After asks for (seconds, or an HTTP date), 2 s when it asks for nothing usable. */
function retryAfterMs(response: Response): number {
  const header = response.headers.get('retry-after');
  if (header && /^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(date) ? 2_000 : Math.max(0, date - Date.now());
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(finish, ms);
    signal?.addEventListener('abort', abort, { once: true });
    function finish() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
  });
}

export function createApiClient({
  fetch: fetchImpl = (input, init) => fetch(input, init),
  positionStore = memoryOnly,
  maxRetryWaitMs = 10_000,
  retryBudgetMs = 120_000,
}: ApiClientOptions = {}) {
  // Newest event position any command answered with; sent on reads so the query API waits until its
  // read models include our own writes (read-your-writes). Positions order by plain string comparison.
  let newestPosition = positionStore.load();
  let adminSession: AdminSessionBinding = { getToken: () => null, onUnauthorized: () => undefined };
  let customerSession: CustomerSessionBinding = { getToken: () => null, onUnauthorized: () => undefined };
  // Requests now waiting to ask again after a 503; the app shows "briefly unavailable, retrying" while any are.
  let retrying = 0;
  const availabilityListeners = new Set<(availability: Availability) => void>();
  const availability = (): Availability => (retrying > 0 ? 'retrying' : 'available');
  function countRetrying(change: 1 | -1) {
    const before = availability();
    retrying += change;
    if (availability() !== before) for (const listener of availabilityListeners) listener(availability());
  }

  // A command answers its position in the body, or in the x-labshop-position header when the body is the
  // resource itself (the cart commands answer the CartView).
  function rememberPosition(body: unknown, header: string | null) {
    const position =
      header ?? (typeof body === 'object' && body !== null && 'position' in body ? body.position : undefined);
    if (typeof position === 'string' && (newestPosition === undefined || position > newestPosition)) {
      newestPosition = position;
      positionStore.save(position);
    }
  }

  async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    // A file upload goes as multipart: fetch sets that content type itself, with its boundary.
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    if (method === 'GET' && newestPosition !== undefined) headers[positionHeader] = newestPosition;
    // Each token goes only to its own routes, so an admin and a customer session never mix.
    const session = isAdminPath(path) ? adminSession : isCustomerPath(path) ? customerSession : null;
    const sessionToken = session?.getToken() ?? null;
    if (sessionToken !== null) headers.authorization = `Bearer ${sessionToken}`;

    const send = async () => {
      try {
        return await fetchImpl(path, {
          method,
          headers,
          body: body === undefined || isForm ? body : JSON.stringify(body),
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw new ApiError(0, 'NetworkError', 'Could not reach the server. Check your connection and try again.');
      }
    };
    // 503: the shop is briefly unavailable (its database is away). The same request, body and idempotency
    // key included, is asked again after Retry-After; the session stays, only a 401 ends it.
    let response = await send();
    if (response.status === 503) {
      countRetrying(1);
      try {
        for (const giveUpAt = Date.now() + retryBudgetMs; response.status === 503 && Date.now() < giveUpAt;) {
          await wait(
            Math.min(retryAfterMs(response), maxRetryWaitMs, Math.max(0, giveUpAt - Date.now())),
            options.signal,
          );
          response = await send();
        }
      } finally {
        countRetrying(-1);
      }
    }

    if (!response.ok) {
      const apiError = await parseApiError(response);
      if (response.status === 401 && sessionToken !== null) session?.onUnauthorized();
      throw apiError;
    }
    // The server waited as long as it will and still had not reached our position (one from a store
    // that has since been reset, say): stop asking for it, or every read would wait again.
    if (response.headers.get('x-labshop-stale') === 'true') {
      newestPosition = undefined;
      positionStore.forget();
    }
    const result = await readJson(response);
    if (method !== 'GET') rememberPosition(result, response.headers.get(positionHeader));
    return result as T;
  }

  return {
    get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
    post: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('POST', path, body, options),
    put: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PUT', path, body, options),
    patch: <T>(path: string, body: unknown, options: RequestOptions = {}) => request<T>('PATCH', path, body, options),
    delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, undefined, options),
    bindAdminSession(binding: AdminSessionBinding) {
      adminSession = binding;
    },
    bindCustomerSession(binding: CustomerSessionBinding) {
      customerSession = binding;
    },
    newestPosition: () => newestPosition,
    availability,
    /** Tells `listener` whenever the client starts or stops retrying 503s; returns the unsubscribe. */
    onAvailabilityChange(listener: (availability: Availability) => void) {
      availabilityListeners.add(listener);
      return () => {
        availabilityListeners.delete(listener);
      };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's single client for its own origin; the app binds the admin session to it at start. */
export const apiClient = createApiClient({ positionStore: tabPositionStore });
