import { Box, Grid, NativeSelect, NavLink, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link, useNavigate } from 'react-router';
import { DOCS_GROUPS, docsPath, type DocsSlug, GENERATED_MARKER } from '@swapu/shared/docs';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { usePageMeta } from '../../lib/use-page-meta';
import { DocsGenerated } from './docs-generated';
import { DocsMarkdown } from './docs-markdown';
import { type DocsLanguage, useDocsMenu, useDocsPage } from './use-docs';

/** The reader's language for the pages (pt-PT for any Portuguese, else en-US). */
const languageOf = (lng: string): DocsLanguage => (lng.startsWith('pt') ? 'pt-PT' : 'en-US');

/** The markdown without its `# Title` line (the page shows the title as its one h1). */
const bodyOf = (markdown: string) => markdown.replace(/^#\s+.+\n+/, '');

/**
 * The documentation area (issue 21, decision 0032): the spec's side menu — the home, then the
 * groups Business, Development and Operation — beside the page. On a phone the menu is a select
 * above the page. Who may read it is decided by the caller and by the API.
 */
export function DocsArea({ slug }: { slug: DocsSlug }) {
  const { t, i18n } = useTranslation('docs');
  const lang = languageOf(i18n.language);
  const menu = useDocsMenu(lang);
  const page = useDocsPage(slug, lang);
  const navigate = useNavigate();
  usePageMeta({ title: `${page.data?.title ?? t('title')} | ${t('title')} | SwapU`, description: t('intro') });

  const items = menu.data?.pages ?? [];
  const home = items.find((p) => p.slug === 'index');

  return (
    <Grid gap="lg" py="lg" px={{ base: 'md', md: 'lg' }} maw={1400} mx="auto">
      <Grid.Col span={{ base: 12, md: 3 }}>
        {/* A select on a phone, the side menu from md up. */}
        <Box hiddenFrom="md">
          <NativeSelect
            label={t('menu')}
            value={docsPath(slug)}
            onChange={(e) => void navigate(e.currentTarget.value)}
            data-testid="docs-select"
            data={[
              ...(home ? [{ value: docsPath('index'), label: home.title }] : []),
              ...DOCS_GROUPS.map((g) => ({
                group: t(`groups.${g}`),
                items: items.filter((p) => p.group === g).map((p) => ({ value: docsPath(p.slug as DocsSlug), label: p.title })),
              })),
            ]}
          />
        </Box>
        <Paper component="nav" aria-label={t('menu')} withBorder radius="md" p="xs" visibleFrom="md" pos="sticky" top={80}>
          {menu.isError ? (
            <LoadError onRetry={() => void menu.refetch()} />
          ) : !menu.data ? (
            <Stack gap={6} data-testid="docs-menu-loading">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} h={22} />
              ))}
            </Stack>
          ) : (
            <>
              {home && (
                <NavLink
                  component={Link}
                  to={docsPath('index')}
                  label={home.title}
                  leftSection={<IconBook2 size={16} aria-hidden />}
                  active={slug === 'index'}
                  aria-current={slug === 'index' ? 'page' : undefined}
                />
              )}
              {DOCS_GROUPS.map((g) => (
                <Fragment key={g}>
                  <Text fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4} data-testid="docs-group">
                    {t(`groups.${g}`)}
                  </Text>
                  {items
                    .filter((p) => p.group === g)
                    .map((p) => (
                      <NavLink
                        key={p.slug}
                        component={Link}
                        to={docsPath(p.slug as DocsSlug)}
                        label={p.title}
                        active={p.slug === slug}
                        aria-current={p.slug === slug ? 'page' : undefined}
                        data-testid="docs-link"
                      />
                    ))}
                </Fragment>
              ))}
            </>
          )}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {page.isError ? (
          <LoadError onRetry={() => void page.refetch()} />
        ) : !page.data ? (
          <Stack gap="sm" data-testid="docs-page-loading">
            <Skeleton h={36} w="60%" />
            <Skeleton h={16} />
            <Skeleton h={16} />
            <Skeleton h={16} w="80%" />
          </Stack>
        ) : (
          <Stack gap="md" component="article">
            <Title order={1}>{page.data.title}</Title>
            {bodyOf(page.data.markdown)
              .split(GENERATED_MARKER)
              .map((part, i) => (
                <Fragment key={i}>
                  {i > 0 && <DocsGenerated slug={slug} />}
                  {part.trim() && <DocsMarkdown source={part} testId={i === 0 ? 'docs-body' : undefined} />}
                </Fragment>
              ))}
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}
