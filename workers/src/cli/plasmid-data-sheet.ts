import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Writes the plasmid page's sample data sheet, a static asset of the storefront:
 *   npx tsx workers/src/cli/plasmid-data-sheet.ts
 * The file is committed (frontend/public/downloads/plasmid-sample-data-sheet.pdf); run this again after
 * changing the text. Fixed dates make the bytes repeatable, so an unchanged sheet is an unchanged file.
 */
const OUTPUT = resolve(import.meta.dirname, '../../../frontend/public/downloads/plasmid-sample-data-sheet.pdf');
const ISSUED = new Date('2026-01-15T12:00:00Z');
const BRAND = '#0b5cad';
const INK = '#1d2733';
const MUTED = '#555555';
const RULE = '#c9d3de';
const MARGIN = 50;

const lot = [
  ['Product', 'Plasmid DNA, endotoxin-free, research grade'],
  ['Plasmid', 'pLS-CMV-EGFP (5,412 bp, kanamycin resistance)'],
  ['Lot number', 'PL-SAMPLE-0001'],
  ['Quantity', '5 mg in 5 vials of 1 mg'],
  ['Buffer', 'TE (10 mM Tris-HCl, 1 mM EDTA, pH 8.0)'],
  ['Host strain', 'E. coli DH5-alpha'],
  ['Storage', '-20 °C; stable 12 months. Avoid repeated freeze-thaw.'],
] as const;

const results = [
  ['Concentration (A260)', '0.9-1.1 mg/mL', '1.02 mg/mL', 'Pass'],
  ['Purity A260/A280', '1.80-2.00', '1.89', 'Pass'],
  ['Purity A260/A230', 'min. 2.0', '2.21', 'Pass'],
  ['Supercoiled content (CE)', 'min. 90%', '94%', 'Pass'],
  ['Endotoxin (LAL, kinetic)', '< 0.1 EU/µg', '< 0.005 EU/µg', 'Pass'],
  ['Restriction digest (EcoRI, BamHI)', 'Expected bands', 'Conforms', 'Pass'],
  ['Sequencing of insert junctions', '100% identity', '100% identity', 'Pass'],
  ['Residual host genomic DNA (qPCR)', '< 1%', '0.2%', 'Pass'],
  ['Residual RNA (agarose gel)', 'Not detectable', 'Not detectable', 'Pass'],
  ['Sterility (14 days, TSB)', 'No growth', 'No growth', 'Pass'],
] as const;

async function main() {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: 'Plasmid DNA - sample data sheet',
      Author: 'LabShop',
      Subject: 'Sample certificate of analysis',
      Creator: 'LabShop',
      Producer: 'LabShop (pdfkit)',
      CreationDate: ISSUED,
      ModDate: ISSUED,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolvePdf(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(22).text('LabShop', MARGIN, MARGIN);
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('Custom research services · Plasmid Production Services');
  doc.moveDown(1.2);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Plasmid DNA — Data Sheet and Certificate of Analysis');
  doc
    .fillColor('#b3261e')
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('SAMPLE — an example of the document shipped with every lot. Values are illustrative.');
  doc.moveDown(0.8);

  for (const [label, value] of lot) {
    const y = doc.y;
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, MARGIN, y, { width: 130 });
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(value, MARGIN + 140, y, { width: 372 });
    doc.moveDown(0.2);
  }

  doc.moveDown(0.8);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text('Quality control results', MARGIN);
  doc.moveDown(0.4);
  const columns = [
    { title: 'Test', x: MARGIN, width: 190 },
    { title: 'Specification', x: 244, width: 110 },
    { title: 'Result', x: 358, width: 110 },
    { title: 'Status', x: 472, width: 60 },
  ];
  const row = (cells: readonly string[], bold: boolean) => {
    const y = doc.y;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc
        .fillColor(INK)
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .text(cell, column.x, y, { width: column.width });
    });
    doc.moveDown(0.35);
    doc.strokeColor(RULE).lineWidth(0.5).moveTo(MARGIN, doc.y).lineTo(562, doc.y).stroke();
    doc.moveDown(0.35);
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const result of results) row(result, false);

  doc.moveDown(1);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text('Methods', MARGIN);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  doc.text(
    'Purified by alkaline lysis and anion-exchange chromatography with endotoxin removal. Concentration by UV absorbance (1 A260 = 50 µg/mL dsDNA). Supercoiled content by capillary electrophoresis. Endotoxin by kinetic chromogenic LAL assay. Identity by restriction digest and Sanger sequencing of both insert junctions.',
    { width: 512 },
  );
  doc.moveDown(1);
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(
      'Released by Quality Assurance after review of the batch record. For research use only; not for use in humans or for diagnostic procedures.',
      { width: 512 },
    );
  doc.text('Questions: send an inquiry from the Plasmid Production Services page.', { width: 512 });
  doc.end();

  const bytes = await done;
  await mkdir(dirname(OUTPUT), { recursive: true });
  await writeFile(OUTPUT, bytes);
  process.stdout.write(`Wrote ${OUTPUT} (${bytes.length} bytes)\n`);
}

await main();
