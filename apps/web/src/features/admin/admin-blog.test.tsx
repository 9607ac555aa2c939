import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBlogPost } from '@swapu/shared/admin-blog';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { AdminBlog } from './admin-blog';
import { validateBlogPost } from './blog-post-validation';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({ url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));

const aPost = (patch: Partial<AdminBlogPost> = {}): AdminBlogPost => ({
  id: 'p1',
  urlTitle: 'swap-your-winter-coat',
  title: 'Swap your winter coat',
  summary: 'Warm tips.',
  author: 'Ada',
  status: 'draft',
  publishedAt: null,
  coverUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  body: '## Coats\n\nSwap them.',
  ...patch,
});

let list: () => Response;
let create: (body: unknown) => Response;
const renderAt = (path = '/admin/blog') => renderRoutes([{ path: '/admin/blog', Component: AdminBlog }], path);

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  list = () => json(200, { items: [] });
  create = (body) => json(201, aPost({ ...(body as object), id: 'new1' }));
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/admin/blog' && init?.method === 'POST') return create(JSON.parse(String(init.body)));
    if (url === '/api/v1/admin/blog') return list();
    if (url === '/api/v1/admin/blog/p1') return json(200, aPost());
    if (url === '/api/v1/admin/blog/new1') return json(200, aPost({ id: 'new1' }));
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;

describe('/admin/blog', () => {
  it('lists drafts and published posts with their status, and an empty state', async () => {
    list = () =>
      json(200, {
        items: [
          aPost(),
          aPost({
            id: 'p2',
            title: 'Summer swaps',
            urlTitle: 'summer-swaps',
            status: 'published',
            publishedAt: '2026-11-03T00:00:00.000Z',
          }),
        ],
      });
    renderAt();
    const rows = await screen.findAllByTestId('blog-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('blog-status').textContent).toBe('Draft');
    expect(within(rows[0]!).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(within(rows[1]!).getByTestId('blog-status').textContent).toBe('Published');
    expect(within(rows[1]!).getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('/summer-swaps');
  });

  it('says when there are no posts yet', async () => {
    renderAt();
    expect(await screen.findByText('No posts yet. Write the first one.')).toBeTruthy();
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    list = () => json(403, { error: { code: 'permission_denied' } });
    renderAt();
    expect((await screen.findByTestId('blog-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByRole('button', { name: 'New post' })).toBeNull();
  });

  it('derives the urlTitle from the title, previews the markdown as the blog renders it, and saves a draft', async () => {
    renderAt('/admin/blog?post=new');
    fireEvent.change(await screen.findByLabelText(/^Title/, { selector: 'input' }), {
      target: { value: 'Swapping in São Paulo & Sydney!' },
    });
    expect(field(/^URL title/).value).toBe('swapping-in-sao-paulo-and-sydney');
    fireEvent.change(field(/^Summary/), { target: { value: 'Two cities.' } });
    fireEvent.change(field(/^Body \(markdown\)/), {
      target: {
        value:
          '## Why swap\n\n**Less waste**, more *friends*.\n\n- coats\n- bikes\n\n[x](javascript:alert(2))\n\n<script>alert(1)</script>',
      },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByTestId('blog-preview');
    expect(within(preview).getByRole('heading', { level: 1 }).textContent).toBe('Swapping in São Paulo & Sydney!');
    expect(within(preview).getByRole('heading', { level: 2 }).textContent).toBe('Why swap');
    expect(preview.querySelector('strong')?.textContent).toBe('Less waste');
    expect(preview.querySelector('em')?.textContent).toBe('friends');
    expect(preview.querySelectorAll('li')).toHaveLength(2);
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('<script>alert(1)</script>');
    expect(preview.querySelector('a')?.getAttribute('href')).toBe('#');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(sent('POST')).toEqual([
      {
        url: '/api/v1/admin/blog',
        body: {
          title: 'Swapping in São Paulo & Sydney!',
          urlTitle: 'swapping-in-sao-paulo-and-sydney',
          summary: 'Two cities.',
          body: '## Why swap\n\n**Less waste**, more *friends*.\n\n- coats\n- bikes\n\n[x](javascript:alert(2))\n\n<script>alert(1)</script>',
        },
      },
    ]);
  });

  it('shows what is missing or malformed without calling the API', async () => {
    renderAt('/admin/blog?post=new');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Save draft' })));
    expect(screen.getByText('Give the post a title.')).toBeTruthy();
    expect(screen.getByText('Give the post a URL title.')).toBeTruthy();
    expect(screen.getByText("Write the post's text.")).toBeTruthy();
    fireEvent.change(field(/^Title/), { target: { value: 'Hello' } });
    fireEvent.change(field(/^URL title/), { target: { value: 'Hello World' } });
    fireEvent.change(field(/^Body \(markdown\)/), { target: { value: 'Text.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(screen.getByText(/Use lower-case letters, numbers and single hyphens/)).toBeTruthy();
    expect(sent('POST')).toEqual([]);
  });

  it("shows the server's answer to a taken urlTitle on the field", async () => {
    create = () => json(409, { error: { code: 'blog_url_title_taken', message: 'x', fields: { urlTitle: 'taken' } } });
    renderAt('/admin/blog?post=new');
    fireEvent.change(await screen.findByLabelText(/^Title/, { selector: 'input' }), { target: { value: 'Taken title' } });
    fireEvent.change(field(/^Body \(markdown\)/), { target: { value: 'Text.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })));
    expect(await screen.findByText('That URL title is already used by another post.')).toBeTruthy();
  });

  it('opens an existing post with its fields and keeps its urlTitle when the title changes', async () => {
    renderAt('/admin/blog?post=p1');
    const title = await screen.findByDisplayValue('Swap your winter coat');
    fireEvent.change(title, { target: { value: 'A new title' } });
    expect(field(/^URL title/).value).toBe('swap-your-winter-coat');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('validateBlogPost', () => {
  it.each([
    [{ title: 'T', urlTitle: 'ok-title', summary: '', body: 'B' }, {}],
    [{ title: ' ', urlTitle: 'ok', summary: '', body: 'B' }, { title: 'required' }],
    [{ title: 'T', urlTitle: 'faq', summary: '', body: 'B' }, { urlTitle: 'invalid' }],
    [
      { title: 'T', urlTitle: 'a_b', summary: '', body: '\n' },
      { urlTitle: 'invalid', body: 'required' },
    ],
  ])('%j → %j', (fields, problems) => expect(validateBlogPost(fields)).toEqual(problems));
});
