import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldMessages } from '@labshop/contracts/customers/commands';
import { submissionFailure } from './submission-failure.ts';

export interface SubmissionOutcome {
  kind: 'success' | 'error';
  message: string;
}

interface SendCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

interface SubmissionFormOptions<Draft> {
  /** The empty form: what it clears to after a send, and where it starts unless `initial` is given. */
  blank: () => Draft;
  /** Where the form starts when something prefilled it. */
  initial?: Draft | undefined;
  /** The draft checked by the command's own schema. */
  validate: (draft: Draft) => z.ZodSafeParseResult<unknown>;
  /** Sends a valid draft (the form's mutation), reporting back through the callbacks. */
  send: (draft: Draft, callbacks: SendCallbacks) => void;
  /** What the form says on success and on failure; `incomplete`, when given, is said when the draft is not valid. */
  messages: { sent: string; failed: string; incomplete?: string };
}

/**
 * What a visitor's submission form (inquiry, contact message) does around its fields: the draft, the
 * schema's messages once a send was tried and the server's until the field changes, focus on the first
 * invalid field, the outcome shown after a send, and a blank form again after a successful one.
 */
export function useSubmissionForm<Draft extends object>({
  blank,
  initial,
  validate,
  send,
  messages,
}: SubmissionFormOptions<Draft>) {
  const [draft, setDraft] = useState<Draft>(() => initial ?? blank());
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [outcome, setOutcome] = useState<SubmissionOutcome | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const parsed = validate(draft);
  const clientErrors: Partial<Record<string, string>> = parsed.success ? {} : fieldMessages(parsed.error);
  const errorOf = (field: keyof Draft & string) =>
    serverErrors[field] ?? (showErrors ? clientErrors[field] : undefined);

  const update = <K extends keyof Draft & string>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setShowErrors(true);
      setOutcome(messages.incomplete === undefined ? null : { kind: 'error', message: messages.incomplete });
      setFocusRequest((count) => count + 1);
      return;
    }
    setOutcome(null);
    send(draft, {
      onSuccess: () => {
        setOutcome({ kind: 'success', message: messages.sent });
        setDraft(blank());
        setShowErrors(false);
      },
      onError: (error) => {
        const failure = submissionFailure(error, messages.failed);
        setServerErrors(failure.fields);
        setOutcome({ kind: 'error', message: failure.message });
      },
    });
  };

  return { draft, setDraft, update, errorOf, outcome, formRef, onSubmit };
}
