/**
 * The storefront sells a detail with price tiers by its tiers only: its own price is then not sold unless a
 * tier has the same price. The manager says so where the admin reads or types that price.
 */
export const basePriceNotSold = ({
  priceCents,
  priceTiers,
}: {
  priceCents: number;
  priceTiers: readonly { priceCents: number }[];
}) => priceTiers.length > 0 && !priceTiers.some((tier) => tier.priceCents === priceCents);

export const BASE_PRICE_NOT_SOLD = 'Not sold on its own: shoppers choose one of the price tiers';

export const TIERS_REPLACE_BASE_PRICE =
  'With price tiers, shoppers buy only these pack sizes: the Price above is not sold on its own. To sell it, add it as a tier.';
