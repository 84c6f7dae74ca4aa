import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  get,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client.ts';

/** Messages keyed by the command body's path, as the server words them (`priceTiers.0.packSize`). */
export type FieldMessages = Record<string, string>;

/** What `field(name)` gives an input: react-hook-form's registration and the field's message, spread onto a TextField. */
export type CommandField = UseFormRegisterReturn & { error: string | undefined };

export interface CommandFormOptions<Values extends FieldValues, Input> extends Omit<
  UseFormProps<Values, unknown, Input>,
  'resolver'
> {
  /** The command's own schema (shared/src/commands): the browser checks with the server's rules and words. */
  schema: z.ZodType<Input>;
  /** What the inputs hold → the command's body (typed text to numbers); left out when the inputs hold the body itself. */
  toInput?: (values: Values) => unknown;
  /** After a refused submit (the schema's or the server's), focus the first field that says why. */
  focusRefused?: boolean;
}

/** The zod resolver over the command's schema, checking the body the form would send. */
export function commandResolver<Values extends FieldValues, Input>(
  schema: z.ZodType<Input>,
  toInput: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Input> {
  const check = zodResolver(schema as z.ZodType<Input, FieldValues>) as unknown as Resolver<
    FieldValues,
    unknown,
    Input
  >;
  return (values, context, options) =>
    check(toInput(values) as FieldValues, context, options as unknown as Parameters<typeof check>[2]) as ReturnType<
      Resolver<Values, unknown, Input>
    >;
}

/** Every message in react-hook-form's nested errors, keyed by its dotted path. */
export function flatMessages(errors: FieldErrors, prefix = ''): FieldMessages {
  const found: FieldMessages = {};
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value !== 'object' || value === null || key === 'ref') continue;
    const path = key === 'root' ? prefix.replace(/\.$/, '') : `${prefix}${key}`;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') found[path] ??= message;
    Object.assign(found, flatMessages(value as FieldErrors, `${path}.`));
  }
  return found;
}

/**
 * The one form hook: react-hook-form with the zod resolver over the command's schema, so a message
 * the browser shows is the server's own; the server's 400 field messages land on their fields (each
 * stays until its field changes), its refusal's message on the form, and `submitting` holds while
 * the send is on its way.
 */
export function useCommandForm<Values extends FieldValues, Input = Values>({
  schema,
  toInput,
  focusRefused = false,
  ...options
}: CommandFormOptions<Values, Input>) {
  const form = useForm<Values, unknown, Input>({
    shouldFocusError: false,
    ...options,
    resolver: commandResolver(schema, toInput),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [, setFocusRequests] = useState(0);
  const focusPending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, isSubmitting } = form.formState;

  // After a refusal, the first field that says why takes the focus as soon as its message is on the page.
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    // Not while the form is held (disabled) for the submit: a disabled field cannot take the focus.
    const refused = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)');
    if (refused === null || refused === undefined) return;
    focusPending.current = false;
    refused.focus();
  });
  const requestFocus = () => {
    if (!focusRefused) return;
    focusPending.current = true;
    setFocusRequests((count) => count + 1);
  };

  /** The message for a field (a body path): the schema's, or the server's. */
  const errorOf = (path: string): string | undefined =>
    (get(errors, path) as { message?: string } | undefined)?.message || undefined;

  /**
   * A refusal: its field messages on their fields, and `message` on the form (null: none). Without `message`, a
   * refusal that says why field by field says nothing more, and any other says its own message.
   */
  const refuse = (error: unknown, message?: string | null) => {
    const fields: FieldMessages = error instanceof ApiError ? { ...error.fields } : {};
    for (const [path, text] of Object.entries(fields))
      form.setError(path as Path<Values>, { type: 'server', message: text });
    const ownMessage = Object.keys(fields).length > 0 ? null : error instanceof Error ? error.message : String(error);
    setFormError(message === undefined ? ownMessage : message);
    requestFocus();
  };

  /**
   * A registered input whose message (at `errorPath`, its body path when that differs from its name)
   * clears as soon as it changes; spread onto a TextField.
   */
  const field = (name: Path<Values>, errorPath: string = name): CommandField => ({
    ...form.register(name, {
      onChange: () => {
        focusPending.current = false;
        form.clearErrors(errorPath as Path<Values>);
        setFormError(null);
      },
    }),
    error: errorOf(errorPath),
  });

  /**
   * The form's onSubmit: checks with the schema, then sends the parsed body (a send's refusal is the
   * caller's to `refuse`); `onInvalid` runs when the schema refused it.
   */
  const onSubmit = (send: (input: Input) => Promise<unknown> | void, onInvalid?: () => void) =>
    form.handleSubmit(
      async (input) => {
        setFormError(null);
        await send(input);
      },
      () => {
        onInvalid?.();
        requestFocus();
      },
    );

  return {
    form,
    formRef,
    field,
    errorOf,
    messages: flatMessages(errors),
    formError,
    setFormError,
    refuse,
    onSubmit,
    submitting: isSubmitting,
  };
}
