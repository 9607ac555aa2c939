import { api, ApiError } from '../../lib/api';

const DEV_API = '/api/v1/dev/mail';
const ADMIN_API = '/api/v1/admin/mail';
/** Which viewer API answers: the open one in development, otherwise the admins' one. Found once. */
let base: string | null = null;

/** A request to the mail viewer's API: the developer one when it answers, else the admins'. */
export async function mailApi<T>(path: string): Promise<T> {
  if (base) return api<T>(`${base}${path}`);
  try {
    const found = await api<T>(`${DEV_API}${path}`);
    base = DEV_API;
    return found;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    base = ADMIN_API;
    return api<T>(`${ADMIN_API}${path}`);
  }
}
