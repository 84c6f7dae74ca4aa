import type { CatalogueDocument, ProductDetail } from '../api/get-product-detail.ts';

const documentLabels = { manual: 'Manual', flyer: 'Flyer', technicalNotes: 'Technical notes' } as const;

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function ProductDocuments({ documents }: { documents: ProductDetail['documents'] }) {
  const available = (Object.keys(documentLabels) as (keyof typeof documentLabels)[])
    .map((kind) => ({ kind, document: documents[kind] }))
    .filter(
      (entry): entry is { kind: keyof typeof documentLabels; document: NonNullable<CatalogueDocument> } =>
        entry.document !== null,
    );

  if (available.length === 0) return <p className="product-detail__muted">No documents for this product.</p>;
  return (
    <ul className="product-documents">
      {available.map(({ kind, document }) => (
        <li key={kind}>
          <span className="product-documents__kind">{documentLabels[kind]}</span>
          <a href={document.url} target="_blank" rel="noopener noreferrer">
            {document.name}
            <span className="visually-hidden"> (PDF, opens in a new tab)</span>
          </a>
          <span className="product-documents__size">{`PDF, ${fileSize(document.size)}`}</span>
        </li>
      ))}
    </ul>
  );
}
