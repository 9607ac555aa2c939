import { adminOnly, docsReaders, type Case } from './authorization-fixtures';

/** The authorization matrix's rows for the documentation area and the metrics (issue 21). */
export const DOCS_CASES: Case[] = [
  { route: 'GET /api/v1/docs', request: () => ({ url: '/api/v1/docs?lang=pt-PT' }), expect: docsReaders(200) },
  { route: 'GET /api/v1/docs/pages/:slug', request: () => ({ url: '/api/v1/docs/pages/risk' }), expect: docsReaders(200) },
  { route: 'GET /api/v1/docs/testing', request: () => ({ url: '/api/v1/docs/testing' }), expect: docsReaders(200) },
  { route: 'GET /api/v1/docs/database', request: () => ({ url: '/api/v1/docs/database' }), expect: docsReaders(200) },
  {
    route: 'GET /api/v1/docs/database-diagram.svg',
    request: () => ({ url: '/api/v1/docs/database-diagram.svg' }),
    expect: docsReaders(200),
  },
  { route: 'GET /api/v1/docs/metrics', request: () => ({ url: '/api/v1/docs/metrics' }), expect: docsReaders(200) },
  { route: 'GET /api/v1/docs/img/:name', request: () => ({ url: '/api/v1/docs/img/missing-shot.jpg' }), expect: docsReaders(404) },
  { route: 'GET /api/metrics', request: () => ({ url: '/api/metrics' }), expect: adminOnly(200) },
];
