/** Subproduct ref every detail command and read is nested under: the back office always knows the parents. */
export interface SubproductRef {
  productId: string;
  subproductId: string;
}

export interface DetailRef extends SubproductRef {
  detailId: string;
}

export const detailsPath = ({ productId, subproductId }: SubproductRef) =>
  `/api/admin/catalogue/products/${encodeURIComponent(productId)}/subproducts/${encodeURIComponent(subproductId)}/details`;

export const detailPath = (ref: DetailRef) => `${detailsPath(ref)}/${encodeURIComponent(ref.detailId)}`;
