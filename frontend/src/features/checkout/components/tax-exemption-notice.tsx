import { Link } from 'react-router-dom';
import type { TaxExemptionView } from '@labshop/contracts/tax/exemptions-queries';
import { stateName } from '@labshop/contracts/us-states';

const myAccount = <Link to="/my-account">My Account</Link>;

/**
 * What the customer's tax exemption does to this order: only a certificate staff verified, for the state the
 * order ships to, takes the tax off; until then tax is charged, and the notice says why.
 */
export function TaxExemptionNotice({
  exemption,
  stateCode,
}: {
  exemption: TaxExemptionView | null | undefined;
  stateCode: string;
}) {
  let text: React.ReactNode;
  if (!exemption) {
    text = (
      <>
        Tax exempt? File your exemption certificate under {myAccount}. Sales tax is charged until our staff have
        verified it.
      </>
    );
  } else if (exemption.status === 'under-review') {
    text = (
      <>
        Your tax exemption certificate {exemption.number} ({stateName(exemption.state)}) is under review: sales tax is
        charged until our staff have verified it.
      </>
    );
  } else if (exemption.status === 'rejected') {
    text = (
      <>
        Your tax exemption certificate {exemption.number} was not accepted
        {exemption.reason ? `: ${exemption.reason}` : ''}. Sales tax is charged; you can file another under {myAccount}.
      </>
    );
  } else if (stateCode !== '' && exemption.state !== stateCode) {
    text = (
      <>
        Your verified certificate {exemption.number} is for {stateName(exemption.state)}: orders shipped to{' '}
        {stateName(stateCode)} are charged its sales tax.
      </>
    );
  } else {
    text = (
      <>
        Tax exempt: certificate {exemption.number} ({stateName(exemption.state)}) is verified. Orders shipped to{' '}
        {stateName(exemption.state)} are charged no sales tax.
      </>
    );
  }
  return (
    <p className="checkout-form__note" data-testid="tax-exemption-notice" role="status">
      {text}
    </p>
  );
}
