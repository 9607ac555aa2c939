import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostDetail, PostImage } from '@swapu/shared/api';
import CreatePostPage from '../../app/routes/create-post';
import { aPost } from './post-fixture';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { recordAnalytics } from '../../test/analytics-recorder';
import { renderRoutes } from '../../test/render-routes';

// The photo's bytes go up with progress (XMLHttpRequest); here the server's answer comes at once.
const uploaded = vi.hoisted(() => ({ post: null as unknown }));
vi.mock('./listing-api', async (original) => ({
  ...(await original<typeof import('./listing-api')>()),
  uploadPostImage: vi.fn(async () => uploaded.post),
}));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const anImage = (): PostImage => ({
  id: 'img1',
  url: '/media/posts/new1/img1/lg.webp',
  srcSet: '/media/posts/new1/img1/lg.webp 960w',
  thumbUrl: '/media/posts/new1/img1/sm.webp',
  width: 960,
  height: 720,
});
const draft = (patch: Partial<PostDetail> = {}) => aPost({ title: 'Camping tent', categories: ['camping-and-fishing'], ...patch });

/** The calls the form made, as "METHOD path" with the parsed JSON body. */
const calls = () =>
  fetchMock.mock.calls.map(([input, init]) => ({
    call: `${init?.method ?? 'GET'} ${String(input)}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/create', Component: CreatePostPage },
      { path: '/editPost/:postId', Component: CreatePostPage },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  // Mantine's autosizing textarea listens for web fonts, which happy-dom leaves out.
  if (!document.fonts) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'u1');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/v1/me' ? Promise.resolve(json(200, { id: 'u1', role: 'user' })) : fetchMock(input, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the listing form', () => {
  it('keeps the person on the value step until the cash value is there and valid', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PATCH' ? json(200, draft({ cashValueCents: 12_000 })) : json(200, draft()),
    );
    renderAt('/editPost/p1?step=4');
    expect(await screen.findByText('Step 4 of 6')).toBeTruthy();
    const cash = screen.getByLabelText(/Estimated cash value/, { selector: 'input' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter cash value estimate for your item');
    expect(screen.getByText('Step 4 of 6')).toBeTruthy();

    fireEvent.change(cash, { target: { value: 'about fifty' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter valid cash value');

    fireEvent.change(cash, { target: { value: '120' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(await screen.findByText('Step 5 of 6')).toBeTruthy();
    // Changing step saves at once, in cents.
    await waitFor(() => expect(calls().some((c) => c.call === 'PATCH /api/v1/posts/p1')).toBe(true));
    expect(calls().find((c) => c.call === 'PATCH /api/v1/posts/p1')!.body).toMatchObject({ cashValueCents: 12_000 });
  });

  it('keeps a new listing on the photo step until it has a photo, saying so', async () => {
    renderAt('/create');
    expect(await screen.findByText('Step 1 of 6')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Add at least one photo of your item.');
    expect(screen.getByText('Step 1 of 6')).toBeTruthy();
    expect(screen.getByTestId('step-photos')).toBeTruthy();
    // The buttons name what is wrong for a screen reader too.
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a live listing whose photos were all removed on the photo step, and does not save it', async () => {
    fetchMock.mockResolvedValue(json(200, draft({ state: 'published', publishedAt: '2026-01-02T00:00:00.000Z', images: [] })));
    renderAt('/editPost/p1?step=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit your item' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!));
    expect((await screen.findByRole('alert')).textContent).toBe('Add at least one photo of your item.');
    expect(calls().map((c) => c.call)).toEqual(['GET /api/v1/posts/p1']);
  });

  it('creates the draft with its first photo and moves to its own address; typing then saves it', async () => {
    const rec = recordAnalytics();
    const withPhoto = draft({ id: 'new1', title: '', categories: [], images: [anImage()] });
    uploaded.post = withPhoto;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST' ? json(201, draft({ id: 'new1', title: '', categories: [] })) : json(200, withPhoto),
    );
    const router = renderAt('/create');
    expect(await screen.findByText('Step 1 of 6')).toBeTruthy();
    const picker = document.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;
    await act(async () => fireEvent.change(picker, { target: { files: [new File(['jpeg'], 'tent.jpg', { type: 'image/jpeg' })] } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editPost/new1'), { timeout: 3000 });
    expect(calls()[0]).toEqual({ call: 'POST /api/v1/posts', body: expect.any(Object) });
    expect(await screen.findByTestId('photo-thumb')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(await screen.findByText('Step 2 of 6')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Title/, { selector: 'input' }), { target: { value: 'Camping tent' } });
    await waitFor(() => expect(calls().some((c) => c.call === 'PATCH /api/v1/posts/new1')).toBe(true), { timeout: 3000 });
    expect(calls().find((c) => c.call === 'PATCH /api/v1/posts/new1')!.body).toMatchObject({ title: 'Camping tent' });
    // Same form, same text: no reload of the post it has just created.
    expect((screen.getByLabelText(/^Title/, { selector: 'input' }) as HTMLInputElement).value).toBe('Camping tent');
    expect(await screen.findByText('Draft saved')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(await screen.findByText('Step 3 of 6')).toBeTruthy();
    expect(router.state.location.search).toBe('?step=3');
    expect(calls().filter((c) => c.call.startsWith('GET'))).toEqual([]);
    // The listing-creation funnel, one event per step shown, across the change of address.
    expect(rec.named('funnel_step').map((e) => [e.step, e.step_index])).toEqual([
      ['photos', 0],
      ['details', 1],
      ['categories', 2],
    ]);
    rec.stop();
  });

  it('shows a live listing with "Save changes" and no autosave (nor the listing-creation funnel)', async () => {
    const rec = recordAnalytics();
    fetchMock.mockResolvedValue(
      json(
        200,
        draft({
          state: 'published',
          publishedAt: '2026-01-02T00:00:00.000Z',
          cashValueCents: 0,
          weightKg: 2,
          lengthCm: 30,
          widthCm: 20,
          heightCm: 10,
        }),
      ),
    );
    renderAt('/editPost/p1?step=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit your item' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Title/, { selector: 'input' }), { target: { value: 'Camping tent, 4 person' } });
    await new Promise((r) => setTimeout(r, 800));
    expect(calls().map((c) => c.call)).toEqual(['GET /api/v1/posts/p1']);
    expect(screen.queryByTestId('save-status')).toBeNull();
    expect(rec.named('funnel_step')).toEqual([]);
    rec.stop();
  });
});
