// The rich editor's own styles travel with it (this chunk is loaded only by /email-edit), so the
// rest of the app's first paint is unchanged (decision 0021): Mantine's typography for the content
// and @mantine/tiptap's toolbar and controls.
import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';

export interface EmailBodyEditorProps {
  /** The body as HTML; set from outside when a saved design is opened. */
  value: string;
  onChange: (html: string) => void;
  /** Marks the editor invalid (a red border and aria-invalid), e.g. an empty body on save. */
  invalid?: boolean;
  /** The id of the text that describes the field (its label), for assistive technology. */
  labelledBy: string;
}

/**
 * The campaign body's rich editor: Tiptap through @mantine/tiptap, with the formatting the server
 * keeps (headings, bold, italic, underline, strike, lists, quotes, rules, links). Whatever it
 * produces is sanitised again by the server.
 */
export default function EmailBodyEditor({ value, onChange, invalid = false, labelledBy }: EmailBodyEditorProps) {
  const { t } = useTranslation('campaigns');
  const editor = useEditor({
    shouldRerenderOnTransaction: true,
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-labelledby': labelledBy, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A design opened after the editor started: show it (typing never comes back through here).
  // Not on an editor already destroyed (replaced by a new one): it has no schema to write HTML with.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: { 'aria-labelledby': labelledBy, 'aria-multiline': 'true', role: 'textbox', 'aria-invalid': String(invalid) },
      },
    });
  }, [editor, invalid, labelledBy]);

  const labels = {
    boldControlLabel: t('editor.toolbar.bold'),
    italicControlLabel: t('editor.toolbar.italic'),
    underlineControlLabel: t('editor.toolbar.underline'),
    strikeControlLabel: t('editor.toolbar.strike'),
    clearFormattingControlLabel: t('editor.toolbar.clear'),
    h1ControlLabel: t('editor.toolbar.h1'),
    h2ControlLabel: t('editor.toolbar.h2'),
    h3ControlLabel: t('editor.toolbar.h3'),
    bulletListControlLabel: t('editor.toolbar.bulletList'),
    orderedListControlLabel: t('editor.toolbar.orderedList'),
    blockquoteControlLabel: t('editor.toolbar.blockquote'),
    hrControlLabel: t('editor.toolbar.hr'),
    linkControlLabel: t('editor.toolbar.link'),
    unlinkControlLabel: t('editor.toolbar.unlink'),
    undoControlLabel: t('editor.toolbar.undo'),
    redoControlLabel: t('editor.toolbar.redo'),
    linkEditorInputLabel: t('editor.toolbar.linkUrl'),
    linkEditorInputPlaceholder: 'https://swapu.au',
    linkEditorExternalLink: t('editor.toolbar.linkExternal'),
    linkEditorInternalLink: t('editor.toolbar.linkInternal'),
    linkEditorSave: t('editor.toolbar.linkSave'),
  };

  return (
    <RichTextEditor
      editor={editor}
      labels={labels}
      data-testid="email-body-editor"
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={220} />
    </RichTextEditor>
  );
}
