import { formatBusinessTime, SUPPORT_HOURS } from '@labshop/contracts/dates';
import { emailToken, type EmailTokenKey } from '@labshop/platform/auth/email-tokens';
import type { ReturnPath } from '@labshop/contracts/customers/return-paths-commands';
import { companySignature } from '@labshop/contracts/company-profile';
import type { CustomerTitle } from '@labshop/contracts/customers/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { escapeHtml } from '../mail/escape-html.ts';

/** What a customer-email job carries: who, which message, and the id of the token (never the token). */
export type CustomerEmailData =
  | (CustomerEmailRecipient & {
      template: 'activation' | 'activation-resend';
      tokenId: string;
      expiresAt: string;
      returnTo?: ReturnPath;
    })
  | (CustomerEmailRecipient & { template: 'password-reset'; tokenId: string; expiresAt: string })
  | (CustomerEmailRecipient & { template: 'welcome' });

export type CustomerEmailTemplate = CustomerEmailData['template'];

export interface CustomerEmailRecipient {
  to: string;
  title: CustomerTitle;
  firstName: string;
  lastName: string;
}

export interface CustomerEmailLinks {
  /** Where the shop is reached, without a trailing slash: `http://localhost:3000`. */
  publicUrl: string;
  tokenKey: EmailTokenKey;
}

export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The message for a job: subject, plain text and HTML with the same words and the same link. */
export function renderCustomerEmail(data: CustomerEmailData, links: CustomerEmailLinks): RenderedEmail {
  const greeting = `Dear ${data.title} ${data.lastName},`;
  switch (data.template) {
    case 'activation':
    case 'activation-resend': {
      const link = tokenLink(
        links,
        '/activate-account',
        emailToken(links.tokenKey, 'activation', data.tokenId),
        data.to,
        data.returnTo,
      );
      const opening =
        data.template === 'activation'
          ? `Thank you for registering with LabShop. Please activate your account by opening this link${data.returnTo === undefined ? '' : '; once you sign in, you go straight back to where you left off, your cart included'}:`
          : 'Here is your new activation link. Links we sent you before no longer work.';
      return compose(
        data.to,
        data.template === 'activation' ? 'Activate your LabShop account' : 'Your new LabShop activation link',
        greeting,
        [
          { text: opening },
          { link, label: 'Activate my account' },
          {
            text: `The link works until ${formatBusinessTime(data.expiresAt)}. If it has expired, ask for a new one at ${links.publicUrl}/resend-activation.`,
          },
          { text: 'If you did not register, you can ignore this email: no account is activated without this link.' },
        ],
      );
    }
    case 'password-reset': {
      const link = tokenLink(links, '/reset-password', emailToken(links.tokenKey, 'reset', data.tokenId), data.to);
      return compose(data.to, 'Reset your LabShop password', greeting, [
        { text: 'We received a request to reset the password of your LabShop account. Choose a new password here:' },
        { link, label: 'Reset my password' },
        { text: `The link works once, until ${formatBusinessTime(data.expiresAt)}.` },
        { text: 'If you did not ask for this, ignore this email: your password stays as it is.' },
      ]);
    }
    case 'welcome':
      return compose(data.to, `Welcome to LabShop, ${data.firstName}!`, greeting, [
        { text: 'Your LabShop account is active. Sign in to order, request quotes and keep your addresses at hand:' },
        { link: `${links.publicUrl}/signin`, label: 'Sign in to LabShop' },
        { text: `Our support team is there ${SUPPORT_HOURS}.` },
      ]);
    default:
      return exhaustive(data);
  }
}

type Paragraph = { text: string } | { link: string; label: string };

function compose(to: string, subject: string, greeting: string, paragraphs: Paragraph[]): RenderedEmail {
  const text = [
    greeting,
    ...paragraphs.map((paragraph) => ('link' in paragraph ? paragraph.link : paragraph.text)),
    companySignature,
  ].join('\n\n');
  const body = paragraphs
    .map((paragraph) =>
      'link' in paragraph
        ? `<p style="margin:24px 0"><a href="${escapeHtml(paragraph.link)}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(paragraph.label)}</a></p>\n<p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(paragraph.link)}</p>`
        : `<p>${escapeHtml(paragraph.text)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1d2733;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${body}
<p style="margin-top:32px;font-size:13px;color:#555">${escapeHtml(companySignature)}</p>
</body></html>`;
  return { to, subject, text, html };
}

/** The spec's link: the screen's route with `token` and `email` as query parameters. */
/** A link to a token page; `returnTo` (one of the shop's own return paths) is where signing in leads afterwards. */
function tokenLink(
  links: CustomerEmailLinks,
  path: string,
  token: string,
  email: string,
  returnTo?: ReturnPath,
): string {
  return `${links.publicUrl}${path}?${new URLSearchParams({ token, email, ...(returnTo === undefined ? {} : { returnTo }) }).toString()}`;
}
