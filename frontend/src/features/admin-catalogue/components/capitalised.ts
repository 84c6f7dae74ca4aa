/** 'product' → 'Product': a noun or phrase at the start of a message. */
export const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
