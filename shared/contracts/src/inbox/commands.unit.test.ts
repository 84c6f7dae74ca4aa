import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../customers/commands.ts';
import { contactMessageInput, inquiryInput, splitInterests } from './commands.ts';

const messagesOf = (result: { success: boolean; error?: Parameters<typeof fieldMessages>[0] }) =>
  result.error ? fieldMessages(result.error) : {};

describe('the inquiry form', () => {
  it('requires first and last name, company, email and comment; service and phone are optional', () => {
    expect(messagesOf(inquiryInput.safeParse({}))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      company: 'Company is required',
      email: 'Email is required',
      comment: 'Comment is required',
    });
    const parsed = inquiryInput.parse({
      firstName: 'Ann',
      lastName: 'Lee',
      company: 'Lee Labs',
      email: ' ANN@example.com ',
      comment: 'Hi',
    });
    expect(parsed).toMatchObject({ service: '', phone: '', email: 'ann@example.com' });
  });

  it('refuses a phone with letters and text that cannot be stored', () => {
    const base = { firstName: 'Ann', lastName: 'Lee', company: 'Lee Labs', email: 'ann@example.com', comment: 'Hi' };
    expect(messagesOf(inquiryInput.safeParse({ ...base, phone: 'call me' }))).toEqual({
      phone: 'Phone may only contain digits, spaces and + ( ) - .',
    });
    expect(messagesOf(inquiryInput.safeParse({ ...base, comment: 'a\u0000b' }))).toEqual({
      comment: 'Comment contains characters that are not allowed',
    });
  });
});

describe('the contact form', () => {
  const valid = {
    subject: 'Hello',
    name: 'Bo',
    email: 'bo@example.com',
    title: 'Dr',
    department: 'Lab',
    message: 'Hi',
    termsAccepted: true,
  };

  it('requires subject (at most 100 characters), name, valid email, title, department, message and accepted terms', () => {
    expect(messagesOf(contactMessageInput.safeParse({ email: 'nope' }))).toEqual({
      subject: 'Subject is required',
      name: 'Name is required',
      email: 'Please enter a valid email address',
      title: 'Title is required',
      department: 'Department is required',
      message: 'Message is required',
      termsAccepted: 'Please accept the terms and conditions',
    });
    expect(messagesOf(contactMessageInput.safeParse({ ...valid, subject: 's'.repeat(101) }))).toEqual({
      subject: 'Subject must be at most 100 characters',
    });
    expect(contactMessageInput.safeParse({ ...valid, subject: 's'.repeat(100) }).success).toBe(true);
  });

  it('takes the interests comma-joined, from the four options only, each once', () => {
    expect(
      contactMessageInput.parse({ ...valid, interests: 'R&D Collaboration, Services,Services' }).interests,
    ).toEqual(['R&D Collaboration', 'Services']);
    expect(contactMessageInput.parse(valid).interests).toEqual([]);
    expect(messagesOf(contactMessageInput.safeParse({ ...valid, interests: 'Products,Gossip' }))).toEqual({
      interests: 'Interests are chosen from Products, Services, R&D Collaboration, Distributorship',
    });
    expect(splitInterests(' , Products ,')).toEqual(['Products']);
  });
});
