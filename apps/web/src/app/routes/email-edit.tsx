import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  DESIGN_NAME_MAX,
  DESIGN_SUBJECT_MAX,
  type Design,
  type DesignBody,
  type DesignField,
  designFieldsMissing,
} from '@swapu/shared/campaigns';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useMe } from '../../features/auth/use-me';
import { useDesign, usePreview, useSaveDesign, useTestDesign } from '../../features/admin/use-admin-campaigns';
import { useTranslation } from '../../i18n/react';
import { ApiError, errorCodeOf } from '../../lib/api';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSession } from '../../lib/use-session';

// Tiptap and its styles load only here, after the page itself (their own chunk).
const EmailBodyEditor = lazy(() => import('../../features/admin/email-body-editor'));

const CAMPAIGNS = paths.adminCampaigns;
/** The preview's widths: a phone's and a desktop mail client's reading pane. */
const PHONE_WIDTH = 390;
const DESKTOP_WIDTH = 640;
const PREVIEW_HEIGHT = 560;

const same = (a: DesignBody, b: DesignBody) => a.name === b.name && a.subject === b.subject && a.html === b.html;

/** One preview frame: the mail exactly as sent, sandboxed (no scripts; links open a new tab). */
function PreviewFrame({ html, width, title }: { html: string; width: number; title: string }) {
  return (
    <Stack gap={4} style={{ flex: 'none' }}>
      <Text fz="xs" c="dimmed">
        {title}
      </Text>
      <Box style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <iframe
          title={title}
          srcDoc={html}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          width={width}
          height={PREVIEW_HEIGHT}
          style={{ display: 'block', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12, background: '#faf8f5' }}
          data-testid={`preview-${width}`}
        />
      </Box>
    </Stack>
  );
}

function Preview({ subject, html, enabled }: { subject: string; html: string; enabled: boolean }) {
  const { t } = useTranslation('campaigns');
  const [debounced] = useDebouncedValue({ subject, html }, 400);
  const preview = usePreview(debounced.subject, debounced.html, enabled);
  // Both widths side by side where they fit; one at a time on smaller screens.
  const sideBySide = useMediaQuery('(min-width: 75em)');
  const [one, setOne] = useState<'phone' | 'desktop'>('phone');
  const headingId = useId();
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {t('editor.preview')}
          </Title>
          {!sideBySide && (
            <SegmentedControl
              size="xs"
              value={one}
              onChange={(v) => setOne(v as 'phone' | 'desktop')}
              data={[
                { value: 'phone', label: t('editor.previewPhone') },
                { value: 'desktop', label: t('editor.previewDesktop') },
              ]}
            />
          )}
        </Group>
        {preview.data && (
          <Text fz="sm" data-testid="preview-subject">
            <Text span c="dimmed" fz="sm">
              {t('editor.previewSubject')}{' '}
            </Text>
            {preview.data.subject || '—'}
          </Text>
        )}
        {preview.isError && <LoadError onRetry={() => void preview.refetch()} />}
        {!preview.data && !preview.isError && <Skeleton h={PREVIEW_HEIGHT} radius="md" />}
        {preview.data && (
          // Wider than a phone, it scrolls sideways: a tab stop named by its heading lets the keyboard
          // scroll it too (WCAG 2.1.1; the frames inside take no focus of their own).
          <Group
            align="flex-start"
            gap="lg"
            wrap="nowrap"
            style={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-labelledby={headingId}
          >
            {(sideBySide || one === 'phone') && (
              <PreviewFrame html={preview.data.html} width={PHONE_WIDTH} title={t('editor.previewPhoneTitle', { width: PHONE_WIDTH })} />
            )}
            {(sideBySide || one === 'desktop') && (
              <PreviewFrame
                html={preview.data.html}
                width={DESKTOP_WIDTH}
                title={t('editor.previewDesktopTitle', { width: DESKTOP_WIDTH })}
              />
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The editor's form: design name, mail subject and the mail body, with the spec's rule checked
 * before anything is sent (and again by the server): none of them may be empty. Saves (new or
 * existing), sends a test to the admin's own address (saving first), and shows the preview.
 */
export function DesignEditor({ design, onCreated }: { design: Design | null; onCreated?: (id: string) => void }) {
  const { t } = useTranslation(['campaigns', 'errors']);
  const save = useSaveDesign();
  const test = useTestDesign();
  const [id, setId] = useState<string | null>(design?.id ?? null);
  const [saved, setSaved] = useState<DesignBody>({ name: design?.name ?? '', subject: design?.subject ?? '', html: design?.html ?? '' });
  const [name, setName] = useState(saved.name);
  const [subject, setSubject] = useState(saved.subject);
  const [html, setHtml] = useState(saved.html);
  const [missing, setMissing] = useState<DesignField[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const bodyLabel = useId();
  const current: DesignBody = { name, subject, html };
  const dirty = id === null || !same(current, saved);

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'email_editor_fields_required') {
      setMissing(Object.keys(err.fields ?? {}) as DesignField[]);
    } else {
      setFormError(t(`errors:${errorCodeOf(err)}`));
    }
  };

  /** Checks and saves; the saved design, or null when it could not be. */
  const persist = async (): Promise<Design | null> => {
    setFormError(null);
    const empty = designFieldsMissing(current);
    setMissing(empty);
    if (empty.length) return null;
    try {
      const result = await save.mutateAsync({ id, body: current });
      setSaved({ name: result.name, subject: result.subject, html: current.html });
      setName(result.name);
      setSubject(result.subject);
      if (!id) {
        setId(result.id);
        onCreated?.(result.id);
      }
      return result;
    } catch (err) {
      fail(err);
      return null;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await persist()) notifications.show({ color: 'swapu', message: t('editor.saved') });
  };

  const sendTest = async () => {
    const target = dirty ? await persist() : { id: id! };
    if (!target) return;
    test.mutate(target.id, {
      onSuccess: (r) => notifications.show({ color: 'swapu', message: t('editor.testSent', { to: r.to }) }),
      onError: fail,
    });
  };

  const clear = (field: DesignField) => setMissing((m) => m.filter((f) => f !== field));

  return (
    <Stack gap="lg">
      <Card padding="lg" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('editor.name')}
              description={t('editor.nameHint')}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                clear('name');
              }}
              error={missing.includes('name')}
              maxLength={DESIGN_NAME_MAX}
              autoComplete="off"
            />
            <TextInput
              label={t('editor.subject')}
              description={t('editor.subjectHint')}
              value={subject}
              onChange={(e) => {
                setSubject(e.currentTarget.value);
                clear('subject');
              }}
              error={missing.includes('subject')}
              maxLength={DESIGN_SUBJECT_MAX}
              autoComplete="off"
            />
          </SimpleGrid>
          <Input.Wrapper label={t('editor.body')} description={t('editor.bodyHint')} id={bodyLabel} error={missing.includes('html')}>
            <Box mt={6}>
              <Suspense fallback={<Skeleton h={280} radius="sm" data-testid="editor-loading" />}>
                <EmailBodyEditor
                  value={html}
                  onChange={(v) => {
                    setHtml(v);
                    clear('html');
                  }}
                  invalid={missing.includes('html')}
                  labelledBy={`${bodyLabel}-label`}
                />
              </Suspense>
            </Box>
          </Input.Wrapper>
          {missing.length > 0 && (
            <Alert color="red" role="alert" data-testid="editor-empty-fields">
              {t('errors:email_editor_fields_required')}
            </Alert>
          )}
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending && !test.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('editor.save')}
            </Button>
            <Button variant="light" onClick={() => void sendTest()} loading={test.isPending} leftSection={<IconSend size={18} />}>
              {t('editor.sendTest')}
            </Button>
            <Text fz="xs" c="dimmed" data-testid="editor-state">
              {id === null ? t('editor.notSaved') : dirty ? t('editor.unsaved') : t('editor.allSaved')}
            </Text>
          </Group>
        </Stack>
      </Card>
      <Preview subject={subject} html={html} enabled />
    </Stack>
  );
}

/**
 * /email-edit (spec section 2): the campaign email editor, admins only (anyone else sees
 * 'Permission Denied'; the API refuses them anyway). Opens a saved design with ?design=<id>.
 */
export default function EmailEditPage() {
  const { t } = useTranslation(['campaigns', 'errors']);
  const [params] = useSearchParams();
  const designId = params.get('design');
  usePageMeta({ title: `${designId ? t('editor.titleEdit') : t('editor.titleNew')} | SwapU`, description: t('editor.intro') });
  const session = useSession();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const design = useDesign(isAdmin ? designId : null);
  const navigate = useNavigate();
  // The form is started anew for each design opened and for each new one, but not when a new
  // design is saved and its id comes into the address (it is still the same form).
  const [keys] = useState(() => new Map<string, string>());
  const generation = useRef(0);
  const formKey = designId ? (keys.get(designId) ?? designId) : `new-${generation.current}`;
  const created = (id: string) => {
    keys.set(id, formKey);
    generation.current += 1;
    void navigate(`${paths.emailEdit}?design=${encodeURIComponent(id)}`, { replace: true });
  };

  let body;
  if (!session.token) {
    body = (
      <Alert color="red" role="alert" data-testid="email-edit-denied">
        {t('errors:login_required')}
      </Alert>
    );
  } else if (me.isError) {
    body = <LoadError onRetry={() => void me.refetch()} />;
  } else if (!me.data) {
    body = <Skeleton h={360} radius="md" data-testid="email-edit-loading" />;
  } else if (!isAdmin) {
    body = (
      <Alert color="red" role="alert" data-testid="email-edit-denied">
        {t('errors:permission_denied')}
      </Alert>
    );
  } else if (designId && design.error instanceof ApiError && design.error.status === 404) {
    body = (
      <Alert color="yellow" role="alert">
        {t('editor.notFound')}
      </Alert>
    );
  } else if (designId && design.isError) {
    body = <LoadError onRetry={() => void design.refetch()} />;
  } else if (designId && !design.data) {
    body = <Skeleton h={360} radius="md" data-testid="email-edit-loading" />;
  } else {
    body = <DesignEditor key={formKey} design={designId ? (design.data ?? null) : null} onCreated={created} />;
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={CAMPAIGNS} fz="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} />
          {t('editor.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={1}>{designId ? t('editor.titleEdit') : t('editor.titleNew')}</Title>
        <Text c="dimmed" mt={4}>
          {t('editor.intro')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}
