import { useState } from 'react';
import { fileMessages } from '@labshop/contracts/catalogue/details-commands';
import { fileSlots, type FileSlot } from '@labshop/contracts/catalogue/events';
import { pickedFileError } from '@/lib/picked-file.ts';
import type { FileChanges } from '../../api/save-detail.ts';

const noFiles = () => Object.fromEntries(fileSlots.map((slot) => [slot, null])) as Record<FileSlot, File | null>;

/**
 * The detail form's four files: those chosen (each checked the moment it is picked), the stored ones
 * to remove, and the messages next to them. `adding`: a new detail, which needs an image.
 */
export function useDetailFiles(adding: boolean) {
  const [chosen, setChosen] = useState(noFiles);
  const [removals, setRemovals] = useState<FileSlot[]>([]);
  const [errors, setErrors] = useState<Partial<Record<FileSlot, string>>>({});

  // A file that cannot be used is not kept, and the reason shows at once.
  const choose = (slot: FileSlot, kind: 'image' | 'pdf', file: File | null) => {
    const refusal = file === null ? undefined : pickedFileError(kind, file);
    setChosen((current) => ({ ...current, [slot]: refusal === undefined ? file : null }));
    setErrors(({ [slot]: _cleared, ...rest }) => (refusal === undefined ? rest : { ...rest, [slot]: refusal }));
  };

  const toggleRemoval = (slot: FileSlot, removing: boolean) =>
    setRemovals((current) => (removing ? [...current, slot] : current.filter((candidate) => candidate !== slot)));

  /** Spec: a new detail needs an image; in edit mode only when its image is being removed. Says so next to it. */
  const checkImage = (): boolean => {
    const missing = chosen.image === null && (adding || removals.includes('image'));
    setErrors(missing ? { image: fileMessages.imageMissing } : {});
    return !missing;
  };

  const clear = () => {
    setChosen(noFiles());
    setRemovals([]);
    setErrors({});
  };

  const changes = (): FileChanges => ({
    uploads: Object.fromEntries(Object.entries(chosen).filter(([, file]) => file !== null)) as FileChanges['uploads'],
    removals,
  });

  return { chosen, removals, errors, choose, toggleRemoval, checkImage, clear, changes };
}

export type DetailFiles = ReturnType<typeof useDetailFiles>;
