import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { endpoints, type QueryParams } from '@swapu/shared/endpoints';
import { ApiError, call } from '../../lib/api';

/** Which viewer API answers: the open one in development, otherwise the admins'. Found once. */
let viewer: 'dev' | 'admin' | null = null;

/** Asks the developer viewer while it answers; after its first 404, the admins' one. */
async function either<T>(dev: () => Promise<T>, admin: () => Promise<T>): Promise<T> {
  if (viewer) return viewer === 'dev' ? dev() : admin();
  try {
    const found = await dev();
    viewer = 'dev';
    return found;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    viewer = 'admin';
    return admin();
  }
}

/** A page of the outbox, newest first. */
export const fetchMailList = (query: QueryParams) =>
  either(
    () => call(endpoints.devMailList, { query }),
    () => call(adminEndpoints.adminMailList, { query }),
  );

/** One mail with its text and HTML. */
export const fetchMail = (id: string) =>
  either(
    () => call(endpoints.devMail, { params: { id } }),
    () => call(adminEndpoints.adminMail, { params: { id } }),
  );
