import { Link } from 'react-router-dom';
import { attentionTiles, type SalesFigure } from '@labshop/contracts/admins/back-office';
import { formatUsd } from '@labshop/contracts/money';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import './dashboard.css';

const tileOf = new Map(attentionTiles.map((tile) => [tile.key, tile]));

/** The list a tile counts, filtered as the server counted it. */
const hrefOf = (tile: (typeof attentionTiles)[number]) => `${tile.path}?${new URLSearchParams(tile.query).toString()}`;

const orders = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'order' : 'orders'}`;

function SalesCard({ title, figure, note }: { title: string; figure: SalesFigure; note?: string }) {
  return (
    <div className="dashboard-card">
      <h3 className="dashboard-card__title">{title}</h3>
      <p className="dashboard-card__figure">{formatUsd(figure.totalCents)}</p>
      <p className="dashboard-card__note">
        {orders(figure.orders)}
        {note !== undefined && ` · ${note}`}
      </p>
    </div>
  );
}

/** The change from last month, as a share of it; none when last month sold nothing. */
function changeNote(thisMonth: SalesFigure, lastMonth: SalesFigure): string | undefined {
  if (lastMonth.totalCents === 0) return undefined;
  const percent = Math.round(((thisMonth.totalCents - lastMonth.totalCents) / lastMonth.totalCents) * 100);
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent)}% of last month`;
}

/** What needs attention, each a count linking to its filtered list, and booked sales against last month. */
export function Dashboard() {
  const dashboard = useDashboard();
  const view = dashboard.data;
  if (view === undefined)
    return dashboard.error === null ? (
      <LoadingState>Loading the dashboard…</LoadingState>
    ) : (
      <ErrorState
        message={`The dashboard could not be loaded. ${dashboard.error.message}`}
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isRefetching}
      />
    );
  const { today, thisMonth, lastMonth } = view.sales;
  return (
    <div className="dashboard">
      <section aria-labelledby="dashboard-attention">
        <h2 id="dashboard-attention">Needs attention</h2>
        <ul className="dashboard-tiles">
          {view.attention.map(({ key, count }) => {
            const tile = tileOf.get(key)!;
            return (
              <li key={key}>
                <Link className={count > 0 ? 'dashboard-tile dashboard-tile--due' : 'dashboard-tile'} to={hrefOf(tile)}>
                  <span className="dashboard-tile__count">{count.toLocaleString('en-US')}</span>{' '}
                  <span className="dashboard-tile__label">{tile.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="dashboard-sales">
        <h2 id="dashboard-sales">Sales</h2>
        <p className="dashboard__lead">
          Booked orders (total with shipping and tax) by the day they were placed, New York time.
        </p>
        <div className="dashboard-cards">
          <SalesCard title="Today" figure={today} />
          <SalesCard title="This month" figure={thisMonth} note={changeNote(thisMonth, lastMonth)} />
          <SalesCard title="Last month" figure={lastMonth} />
        </div>
      </section>
    </div>
  );
}
