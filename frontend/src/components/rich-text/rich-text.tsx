import './rich-text.css';

/**
 * HTML the API has sanitised before storing it (admin rich text: headings, lists, tables, links, images
 * from /content or https). Only ever pass HTML from the catalogue API here.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
