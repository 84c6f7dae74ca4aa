// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInInput, type SignInInput } from '@labshop/contracts/customers/commands';
import { TextField } from '@/components/text-field/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCommandForm } from './use-command-form.ts';

afterEach(cleanup);

type Credentials = { email: string; password: string; rememberMe: boolean };

/** A form on the hook over a real command schema (sign-in), sending through `send`. */
function SignIn({ send, refusal }: { send: (input: SignInInput) => Promise<unknown>; refusal?: string }) {
  const { formRef, field, formError, refuse, onSubmit, submitting } = useCommandForm<Credentials, SignInInput>({
    schema: signInInput,
    defaultValues: { email: '', password: '', rememberMe: false },
    focusRefused: true,
  });
  const submit = onSubmit(async (input) => {
    try {
      await send(input);
    } catch (error) {
      refuse(error, refusal);
    }
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Sign in">
      {formError !== null && <p role="alert">{formError}</p>}
      <TextField label="Email" {...field('email')} />
      <TextField label="Password" type="password" {...field('password')} />
      <button type="submit" disabled={submitting}>
        {submitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('useCommandForm', () => {
  it("blocks a submit the command's schema refuses, with the schema's own message on the field, and focuses it", async () => {
    const send = vi.fn(async () => undefined);
    render(<SignIn send={send} />);
    type('Email', 'not an email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText('Please enter a valid email address');
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the schema's parsed body, holds the button while it is on its way, and puts the server's 400 field message on its field until it changes", async () => {
    let answer: (error: unknown) => void = () => undefined;
    const send = vi.fn((_input: SignInInput) => new Promise((_resolve, reject) => (answer = reject)));
    render(<SignIn send={send} refusal="Refused" />);
    type('Email', '  Ada@Example.COM ');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('button', { name: 'Signing in…' });
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret', rememberMe: false });
    answer(
      new ApiError(400, 'BadRequest', 'Password contains characters that are not allowed', {
        password: 'Password contains characters that are not allowed',
      }),
    );

    await screen.findByText('Password contains characters that are not allowed', { selector: '.field__error' });
    expect(screen.getByRole('alert').textContent).toBe('Refused');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));

    type('Password', 'secret2');
    await waitFor(() =>
      expect(
        screen.queryByText('Password contains characters that are not allowed', { selector: '.field__error' }),
      ).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('says nothing above the form for a refusal that explains itself field by field, else the refusal’s own message', async () => {
    let refusal: unknown = new ApiError(400, 'BadRequest', 'Invalid body', { email: 'Email is not known' });
    render(<SignIn send={() => Promise.reject(refusal)} />);
    type('Email', 'ada@example.com');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Email is not known', { selector: '.field__error' });
    expect(screen.queryByRole('alert')).toBeNull();

    refusal = new ApiError(409, 'Conflict', 'Already signed in elsewhere');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Already signed in elsewhere');
  });
});
