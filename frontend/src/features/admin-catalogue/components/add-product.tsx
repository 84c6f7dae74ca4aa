import { useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-provider.tsx';
import { useAddProduct } from '../api/add-product.ts';
import { failureMessage, fieldError } from './failure-message.ts';
import { ProductNameForm } from './product-name-form.tsx';

export function AddProduct() {
  const [open, setOpen] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const addProduct = useAddProduct();
  const toast = useToast();

  const close = () => {
    setOpen(false);
    setNameError(undefined);
    // The button only exists again after this render.
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  if (!open) {
    return (
      <button ref={addButtonRef} type="button" className="button button--primary" onClick={() => setOpen(true)}>
        Add product
      </button>
    );
  }

  return (
    <ProductNameForm
      initialName=""
      label="Add product"
      submitting={addProduct.isPending}
      error={nameError}
      onNameChange={() => setNameError(undefined)}
      onCancel={close}
      onSubmit={(name) =>
        addProduct.mutate(
          { name },
          {
            onSuccess: () => {
              toast.success(`Product “${name.trim()}” added.`);
              close();
            },
            onError: (error) => {
              const message = fieldError(error, 'name');
              if (message === undefined) toast.error(failureMessage('Could not add the product', error));
              setNameError(message);
            },
          },
        )
      }
    />
  );
}
