import './image-picker.css';
import type { ReactNode } from 'react';
import type { ImagePreview } from '../lib/use-image-previews.ts';

export type ImagePickerProps = {
  /** The file input's id (its label is the button). */
  id: string;
  previews: readonly ImagePreview[];
  /** Called with the newly chosen files (the input is emptied, so the same file can be chosen again). */
  onChoose: (files: File[]) => void;
  onRemove: (index: number) => void;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  buttonLabel: ReactNode;
  hint?: ReactNode;
  /** Problems to show beside the picker (already translated). */
  errors?: readonly string[];
  previewAlt: (name: string) => string;
  removeLabel: (name: string) => string;
  className?: string;
  buttonClassName?: string;
};

/**
 * The one picker of pictures: a labelled button of ours over a hidden file input (the native button follows the
 * browser's language, not the page's), a hint, the problems, and the thumbnails with a remove button each.
 * The caller keeps the previews with lib/use-image-previews.ts and checks the files (by their bytes) before adding.
 */
export function ImagePicker({
  id,
  previews,
  onChoose,
  onRemove,
  accept,
  multiple = false,
  disabled = false,
  buttonLabel,
  hint,
  errors = [],
  previewAlt,
  removeLabel,
  className = '',
  buttonClassName = 'btn btn-ghost btn-sm',
}: ImagePickerProps) {
  return (
    <div className={`image-picker ${className}`.trim()}>
      <input
        id={id}
        className="image-picker-input"
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = '';
          onChoose(chosen);
        }}
        {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
      />
      <label htmlFor={id} className={`${buttonClassName} image-picker-button`}>
        {buttonLabel}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="image-picker-hint">
          {hint}
        </p>
      )}
      {errors.map((message) => (
        <p key={message} className="image-picker-error" role="alert">
          {message}
        </p>
      ))}
      {previews.length > 0 && (
        <ul className="image-picker-thumbs">
          {previews.map((p, i) => (
            <li key={p.url}>
              <img src={p.url} alt={previewAlt(p.file.name)} />
              <button type="button" className="image-picker-remove" onClick={() => onRemove(i)} aria-label={removeLabel(p.file.name)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
