import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './content.css';

export type RichTextEditorProps = {
  /** The field's label (announced as the editor's name). */
  label: string;
  value: string;
  onChange: (html: string) => void;
  lang: 'en' | 'bn';
  invalid?: boolean;
  describedBy?: string;
};

/**
 * The console's rich-text editor (TipTap starter kit: headings, lists, emphasis, quotes, links). It produces HTML the
 * server's allow-list keeps (apps/server/src/features/console/rich-text.ts); what is stored is always the server's
 * sanitised form. Keyboard: the toolbar is a row of toggle buttons, the usual shortcuts (Ctrl+B, Ctrl+I…) work.
 */
export function RichTextEditor({ label, value, onChange, lang, invalid, describedBy }: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, protocols: ['https', 'mailto', 'tel'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        lang,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A new value from outside (another item opened in the same form) replaces the document.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  const run = (fn: () => void) => () => {
    fn();
  };
  const setLink = () => {
    if (!editor) return;
    const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt(t('content.rte.linkPrompt'), current);
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const buttons: { key: string; label: string; on: boolean; act: () => void; text: string }[] = editor
    ? [
        {
          key: 'bold',
          label: t('content.rte.bold'),
          on: active?.bold ?? false,
          act: run(() => editor.chain().focus().toggleBold().run()),
          text: 'B',
        },
        {
          key: 'italic',
          label: t('content.rte.italic'),
          on: active?.italic ?? false,
          act: run(() => editor.chain().focus().toggleItalic().run()),
          text: 'I',
        },
        {
          key: 'underline',
          label: t('content.rte.underline'),
          on: active?.underline ?? false,
          act: run(() => editor.chain().focus().toggleUnderline().run()),
          text: 'U',
        },
        {
          key: 'h2',
          label: t('content.rte.heading'),
          on: active?.h2 ?? false,
          act: run(() => editor.chain().focus().toggleHeading({ level: 2 }).run()),
          text: 'H2',
        },
        {
          key: 'h3',
          label: t('content.rte.subheading'),
          on: active?.h3 ?? false,
          act: run(() => editor.chain().focus().toggleHeading({ level: 3 }).run()),
          text: 'H3',
        },
        {
          key: 'bullet',
          label: t('content.rte.bulletList'),
          on: active?.bullet ?? false,
          act: run(() => editor.chain().focus().toggleBulletList().run()),
          text: '•',
        },
        {
          key: 'ordered',
          label: t('content.rte.orderedList'),
          on: active?.ordered ?? false,
          act: run(() => editor.chain().focus().toggleOrderedList().run()),
          text: '1.',
        },
        {
          key: 'quote',
          label: t('content.rte.quote'),
          on: active?.quote ?? false,
          act: run(() => editor.chain().focus().toggleBlockquote().run()),
          text: '❝',
        },
        { key: 'link', label: t('content.rte.link'), on: active?.link ?? false, act: setLink, text: t('content.rte.link') },
      ]
    : [];
  return (
    <div className={`rte${invalid ? ' invalid' : ''}`}>
      <span id={labelId} className="rte-label">
        {label}
      </span>
      <div className="rte-toolbar" role="toolbar" aria-label={t('content.rte.toolbar')}>
        {buttons.map((b) => (
          <button
            key={b.key}
            type="button"
            aria-pressed={b.on}
            aria-label={b.label}
            title={b.label}
            onClick={b.act}
            className={`rte-btn rte-${b.key}`}
          >
            <span aria-hidden="true">{b.text}</span>
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
