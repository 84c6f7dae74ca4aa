import { CompanyPage } from './company-page.tsx';

const milestones = [
  {
    year: '2009',
    text: 'Founded by two cell biologists to supply mycoplasma detection kits to university core facilities.',
  },
  {
    year: '2012',
    text: 'Cell culture media, sera and reagents join the catalogue; first distribution agreements with European manufacturers.',
  },
  { year: '2015', text: 'The custom services laboratory opens with plasmid production and cell line authentication.' },
  { year: '2018', text: 'Exosome isolation products and exosome production services launched.' },
  { year: '2020', text: 'BSL-2 suite for lentivirus packaging; cell-based bioassays under GLP.' },
  { year: '2024', text: 'The online shop: the full catalogue, purchase orders and quotes in one place.' },
];

export function HistoryPage() {
  return (
    <CompanyPage
      title="Company History"
      lead="From a two-person kit supplier to a partner for laboratories across the country."
    >
      <ol className="company-timeline">
        {milestones.map((milestone) => (
          <li key={milestone.year}>
            <strong>{milestone.year}</strong>
            {milestone.text}
          </li>
        ))}
      </ol>
    </CompanyPage>
  );
}
