import sanitizeHtml from 'sanitize-html';

const QUILL_CLASS = /^ql-[a-z0-9-]+$/;
const COLOUR = [
  /^[a-z]{3,20}$/i,
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
];

/**
 * An allow-list fit for product descriptions written in the admin's rich-text editor (Quill):
 * headings, lists, tables, quotes, links and images. Anything else (scripts, event handlers,
 * frames, forms, SVG, arbitrary styles) is removed, so stored HTML can be rendered as is.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'title', { name: 'target', values: ['_blank'] }, 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    li: [{ name: 'data-list', values: ['bullet', 'ordered', 'checked', 'unchecked'] }],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    '*': ['class', 'style'],
  },
  allowedClasses: { '*': [QUILL_CLASS] },
  allowedStyles: {
    '*': { color: COLOUR, 'background-color': COLOUR, 'text-align': [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link may open a new tab; the opened page must not get a handle on the shop's window.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }, true),
  },
  // Images only from the shop's own content folder or over https; anything else would be a tracking pixel at best.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
};

function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false;
  if (src.startsWith('https://')) return true;
  return /^\/content\/[A-Za-z0-9._-]+$/.test(src);
}

/** The rich text as it may be stored and rendered: allow-listed tags, attributes, classes, styles and URLs only. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words of stored (already sanitised) rich text, for indexing: tags become spaces, entities their characters. */
export function richTextToPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
      const codePoint = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : ' ';
    })
    .replace(/\s+/g, ' ')
    .trim();
}
