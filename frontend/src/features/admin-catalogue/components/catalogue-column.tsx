import type { ReactNode, Ref } from 'react';

interface CatalogueColumnProps {
  /** The heading's id, which names the column's region. */
  headingId: string;
  title: ReactNode;
  /** A modifier next to catalogue-column, e.g. 'catalogue-column--products'. */
  className?: string;
  /** For a column that takes focus back to its heading (after a delete, on opening); the heading is then focusable. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** A column of the back-office catalogue screens: a region named by its heading, then what it lists. */
export function CatalogueColumn({ headingId, title, className, headingRef, children }: CatalogueColumnProps) {
  return (
    <section
      className={className === undefined ? 'catalogue-column' : `catalogue-column ${className}`}
      aria-labelledby={headingId}
    >
      <div className="catalogue-column__header">
        <h2 id={headingId} ref={headingRef} tabIndex={headingRef === undefined ? undefined : -1}>
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

/** The line under a catalogue column's heading that says whose items it lists: 'of Antibodies'. */
export function ColumnContext({ name }: { name: string }) {
  return (
    <p className="catalogue-column__context">
      of <strong>{name}</strong>
    </p>
  );
}
