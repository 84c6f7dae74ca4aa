/** A contact message started elsewhere (an out-of-stock product's "Request this item"): subject and message carried in the URL. */
export interface ContactPrefill {
  subject: string;
  message: string;
}

export const contactUsHref = ({ subject, message }: ContactPrefill) =>
  `/contact-us?${new URLSearchParams({ subject, message }).toString()}`;

export const contactPrefillFrom = (search: URLSearchParams): ContactPrefill => ({
  subject: search.get('subject') ?? '',
  message: search.get('message') ?? '',
});
