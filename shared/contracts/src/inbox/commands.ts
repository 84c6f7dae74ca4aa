import { z } from 'zod';
import { email, optionalText, requiredText } from '../fields.ts';

/**
 * What visitors send from the site (back-office spec §2, §5): the side inquiry form of the service
 * pages and the contact form at /contact-us. The frontend validates with these same schemas.
 *
 * `website` is a honeypot: the forms hide it from people (and from screen readers), bots that fill
 * every field fill it too. The command API answers such a submission exactly like a real one and
 * records nothing.
 */
export const HONEYPOT_FIELD = 'website';

const honeypot = z.string().max(2000).optional();

export const inquiryMessages = {
  sent: 'Inquiry sent successfully!',
  failed: 'Failed to send inquiry',
  incomplete: 'Please fill all required fields',
};

export const contactMessages = {
  sent: 'Your message has been sent!',
  failed: 'Something went wrong. Please try again',
};

export const inquiryInput = z.strictObject({
  service: optionalText('Service', 200).default(''),
  firstName: requiredText('First name', 50),
  lastName: requiredText('Last name', 50),
  company: requiredText('Company', 100),
  phone: optionalText('Phone', 30)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone may only contain digits, spaces and + ( ) - .')
    .default(''),
  email,
  comment: requiredText('Comment', 5000),
  [HONEYPOT_FIELD]: honeypot,
});

export const contactInterests = ['Products', 'Services', 'R&D Collaboration', 'Distributorship'] as const;
export type ContactInterest = (typeof contactInterests)[number];

/** The interests as the form sends them (spec §2: comma-joined); each must be one of the four options. */
export function splitInterests(joined: string): string[] {
  return joined
    .split(',')
    .map((interest) => interest.trim())
    .filter((interest) => interest !== '');
}

const isInterest = (interest: string): interest is ContactInterest =>
  (contactInterests as readonly string[]).includes(interest);

export const CONTACT_SUBJECT_MAX = 100;

export const contactMessageInput = z.strictObject({
  subject: requiredText('Subject', CONTACT_SUBJECT_MAX),
  name: requiredText('Name', 100),
  email,
  extension: optionalText('Extension', 20).default(''),
  title: requiredText('Title', 100),
  department: requiredText('Department', 100),
  message: requiredText('Message', 5000),
  termsAccepted: z.literal(true, { error: 'Please accept the terms and conditions' }),
  interests: optionalText('Interests', 200)
    .default('')
    .refine(
      (joined) => splitInterests(joined).every(isInterest),
      `Interests are chosen from ${contactInterests.join(', ')}`,
    )
    .transform((joined) => [...new Set(splitInterests(joined))] as ContactInterest[]),
  [HONEYPOT_FIELD]: honeypot,
});

export type InquiryInput = z.input<typeof inquiryInput>;
export type ContactMessageInput = z.input<typeof contactMessageInput>;

export const submissionKinds = ['inquiry', 'contact'] as const;
export type SubmissionKind = (typeof submissionKinds)[number];
