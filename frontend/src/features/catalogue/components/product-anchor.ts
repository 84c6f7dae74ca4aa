/** Id of a product's card on /products, so the home page's category cards can link straight to it. */
export const productAnchorId = (productId: string) => `product-${productId}`;

export const productOverviewHref = (productId: string) => `/products#${productAnchorId(productId)}`;
