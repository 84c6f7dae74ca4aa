import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';

interface RichTextEditorProps {
  /** Id of the visible label that names the editor. */
  labelledBy: string;
  describedBy?: string;
  value: string;
  /**
   * The editor's HTML as it is (an empty editor is '<p><br></p>': normalise it with normalizeEditorHtml
   * before sending, not here, or the editor would be reset under the caret). `byAdmin` is false when the
   * editor itself re-serialised the HTML it was given.
   */
  onChange: (html: string, byAdmin: boolean) => void;
  /** 'form': grows from 200 px (detail form); 'medium': a fixed 300 px with scrolling (services, product upload); 'page': a fixed 400 px (product content editor). */
  size: 'form' | 'medium' | 'page';
  invalid?: boolean;
}

// No image button: Quill would embed pictures as data: URLs, which the server drops.
const modules = {
  toolbar: [
    [{ header: [2, 3, 4, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ list: 'ordered' }, { list: 'bullet' }, { align: [] }],
    ['blockquote', 'link'],
    ['clean'],
  ],
  keyboard: {
    // Tab leaves the editor, as everywhere else on the page, instead of typing a tab character.
    bindings: { tab: { key: 'Tab', handler: () => true } },
  },
};

// Quill names its toolbar's buttons but not its drop-down pickers (a role="button" span each).
const pickerNames = {
  'ql-header': 'Heading',
  'ql-color': 'Text color',
  'ql-background': 'Highlight color',
  'ql-align': 'Alignment',
};

/** Quill (react-quill-new) for the back office's rich text (product and service descriptions). The server sanitises whatever it sends. */
export function RichTextEditor({
  labelledBy,
  describedBy,
  value,
  onChange,
  size,
  invalid = false,
}: RichTextEditorProps) {
  const quillRef = useRef<ReactQuill>(null);

  // Quill's editable area is a plain div: give it the role and names a form field would have.
  useEffect(() => {
    const root = quillRef.current?.getEditor().root;
    if (root === undefined) return;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelledBy);
    if (describedBy === undefined) root.removeAttribute('aria-describedby');
    else root.setAttribute('aria-describedby', describedBy);
    root.setAttribute('aria-invalid', String(invalid));
  }, [labelledBy, describedBy, invalid]);

  useEffect(() => {
    const toolbar = quillRef.current?.getEditor().getModule('toolbar') as { container?: HTMLElement } | undefined;
    for (const [picker, name] of Object.entries(pickerNames))
      toolbar?.container?.querySelector(`.ql-picker.${picker} .ql-picker-label`)?.setAttribute('aria-label', name);
  }, []);

  return (
    <div className={`rich-text-editor rich-text-editor--${size}${invalid ? ' rich-text-editor--invalid' : ''}`}>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        modules={modules}
        // Quill 2's semantic HTML turns every space into &nbsp;, so shop text would never wrap.
        useSemanticHTML={false}
        onChange={(html, _delta, source) => onChange(html, source === 'user')}
      />
    </div>
  );
}
