import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { Graphviz } from '@hpcc-js/wasm-graphviz';
import type { DocsDatabase } from '@swapu/shared/docs-api';
import * as admin from '../../db/schema/admin';
import * as auth from '../../db/schema/auth';
import * as chains from '../../db/schema/chains';
import * as chat from '../../db/schema/chat';
import * as content from '../../db/schema/content';
import * as delivery from '../../db/schema/delivery';
import * as engagement from '../../db/schema/engagement';
import * as likes from '../../db/schema/likes';
import * as mailExtra from '../../db/schema/mail-extra';
import * as mail from '../../db/schema/mail';
import * as money from '../../db/schema/money';
import * as oauth from '../../db/schema/oauth';
import * as offers from '../../db/schema/offers';
import * as posts from '../../db/schema/posts';
import * as push from '../../db/schema/push';
import * as reliability from '../../db/schema/reliability';
import * as search from '../../db/schema/search';
import * as subscriptions from '../../db/schema/subscriptions';
import * as users from '../../db/schema/users';

/**
 * The database diagram of the documentation area (decision 0032): drawn from the Drizzle schema
 * (the same one the migrations are checked against), one box per table grouped by its schema
 * file, an arrow per foreign key. Graphviz runs as WebAssembly inside the process: no network,
 * no system binary.
 */
const AREAS: Record<string, Record<string, unknown>> = {
  users,
  auth,
  oauth,
  posts,
  likes,
  offers,
  chat,
  search,
  money,
  subscriptions,
  delivery,
  engagement,
  chains,
  content,
  mail,
  'mail-extra': mailExtra,
  admin,
  reliability,
  push,
};

export type DocsTable = DocsDatabase['tables'][number];

export function describeSchema(): DocsTable[] {
  const tables: DocsTable[] = [];
  for (const [area, exports] of Object.entries(AREAS)) {
    for (const value of Object.values(exports)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const compositeKey = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
      tables.push({
        name: config.name,
        area,
        columns: config.columns.map((c) => ({
          name: c.name,
          type: c.getSQLType(),
          notNull: c.notNull,
          primaryKey: c.primary || compositeKey.has(c.name),
        })),
        references: config.foreignKeys.map((fk) => {
          const r = fk.reference();
          return { columns: r.columns.map((c) => c.name), table: getTableConfig(r.foreignTable).name };
        }),
      });
    }
  }
  return tables.sort((a, b) => a.area.localeCompare(b.area) || a.name.localeCompare(b.name));
}

/** PostgreSQL's short names keep the boxes narrow. */
const shortType = (t: string) =>
  t
    .replace('timestamp with time zone', 'timestamptz')
    .replace('double precision', 'float8')
    .replace(/^character varying/, 'varchar');

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The schema as a Graphviz graph: HTML-like labels (a header row and a row per column). */
export function schemaDot(tables: DocsTable[]): string {
  const lines = [
    'digraph swapu {',
    '  graph [rankdir=LR, fontname="Helvetica", fontsize=12, nodesep=0.3, ranksep=1.1, bgcolor="white", pad=0.3];',
    '  node [shape=plaintext, fontname="Helvetica", fontsize=10];',
    '  edge [color="#5c7a5c", arrowsize=0.6, penwidth=0.8];',
  ];
  const byArea = new Map<string, DocsTable[]>();
  for (const t of tables) byArea.set(t.area, [...(byArea.get(t.area) ?? []), t]);
  for (const [area, list] of byArea) {
    lines.push(`  subgraph "cluster_${area}" {`, `    label="${area}"; style="rounded"; color="#c8d6c8"; fontcolor="#3d5c3d";`);
    for (const t of list) {
      const fkColumns = new Set(t.references.flatMap((r) => r.columns));
      const rows = t.columns
        .map((c) => {
          const mark = c.primaryKey ? 'PK ' : fkColumns.has(c.name) ? 'FK ' : '';
          const name = c.primaryKey ? `<B>${escapeHtml(c.name)}</B>` : escapeHtml(c.name);
          return `<TR><TD ALIGN="LEFT" PORT="${escapeHtml(c.name)}">${mark}${name}</TD><TD ALIGN="LEFT"><FONT COLOR="#6b6b6b">${escapeHtml(shortType(c.type))}${c.notNull ? '' : '?'}</FONT></TD></TR>`;
        })
        .join('');
      lines.push(
        `    "${t.name}" [label=<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="0" CELLPADDING="3" COLOR="#8aa88a"><TR><TD COLSPAN="2" BGCOLOR="#2f7d32"><FONT COLOR="white"><B>${escapeHtml(t.name)}</B></FONT></TD></TR>${rows}</TABLE>>];`,
      );
    }
    lines.push('  }');
  }
  for (const t of tables) for (const r of t.references) lines.push(`  "${t.name}":"${r.columns[0]}" -> "${r.table}";`);
  lines.push('}');
  return lines.join('\n');
}

let graphviz: Promise<Graphviz> | undefined;

/** The diagram as SVG text. */
export async function renderSchemaDiagram(tables: DocsTable[] = describeSchema()): Promise<string> {
  graphviz ??= Graphviz.load();
  const svg = (await graphviz).dot(schemaDot(tables), 'svg');
  // Scripts have no place in it (it is shown through <img>, which would not run them anyway).
  if (/<script/i.test(svg)) throw new Error('unexpected script in the rendered diagram');
  return svg;
}
