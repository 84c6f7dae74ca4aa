import { useId, type FormHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FormError } from '@/components/form-error/form-error.tsx';

interface TitledFormProps extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'aria-labelledby' | 'aria-describedby' | 'title'
> {
  ref?: Ref<HTMLFormElement>;
  /** The heading that names the form; focusable, so opening the form can move the focus to it. */
  title: ReactNode;
  level: 2 | 3;
  titleRef?: Ref<HTMLHeadingElement>;
  /** What a refused submit says: shown under the heading, and describing the form while it shows. */
  formError: string | null;
  children: ReactNode;
}

/** A form named by its heading and described by its error banner (the edit forms of the back office). */
export function TitledForm({ title, level, titleRef, formError, children, ...form }: TitledFormProps) {
  const ids = { heading: useId(), banner: useId() };
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <form
      {...form}
      aria-labelledby={ids.heading}
      aria-describedby={formError === null ? undefined : ids.banner}
      noValidate
    >
      <Heading id={ids.heading} ref={titleRef} tabIndex={-1}>
        {title}
      </Heading>
      <FormError id={ids.banner} message={formError} />
      {children}
    </form>
  );
}
