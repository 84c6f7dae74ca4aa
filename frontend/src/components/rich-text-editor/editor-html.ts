/** The rich-text editor writes an empty document as an empty paragraph; the API should store ''. */
export function normalizeEditorHtml(html: string): string {
  const withoutEmptyParagraphs = html.replace(/<p>(?:<br\s*\/?>)?<\/p>/gi, '');
  return withoutEmptyParagraphs.trim() === '' ? '' : html;
}
