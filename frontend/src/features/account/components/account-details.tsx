import type { CustomerDetails } from '@/lib/customer-session.ts';

/** My Account: who is signed in, read-only (spec: email, first name, last name). */
export function AccountDetails({ customer }: { customer: CustomerDetails }) {
  const rows = [
    ['Email', customer.email],
    ['First name', customer.firstName],
    ['Last name', customer.lastName],
  ] as const;
  return (
    <dl className="account-details">
      {rows.map(([label, value]) => (
        <div key={label} className="account-details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
