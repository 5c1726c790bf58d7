import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/icon.tsx';
import { SafeHtml } from '../safe-html.tsx';
import { pressDialogButton } from './modal-store.ts';
import type { ModalBodyProps } from './modal-types.ts';

/** The generic dialog body (publicModal): icon, title, message or server HTML, buttons. */
export default function PublicModal({ modalId, options, titleId }: ModalBodyProps<'publicModal'>) {
  const { t } = useTranslation();
  // Keys come from code (catalogue keys such as `errors:network`), so they are looked up untyped.
  const tr = (key: string) => t(key as never, options.params ?? {}) as string;
  const icon = options.icon ?? 'info';
  const title = options.titleKey ? tr(options.titleKey) : t(`dialog.title.${icon}`);
  return (
    <div className={`dialog dialog-${icon}`}>
      <span className="dialog-icon">
        <Icon name={icon} size={40} />
      </span>
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {options.messageKey && <p className="dialog-message">{tr(options.messageKey)}</p>}
      {options.html && <SafeHtml className="dialog-message rich-text" html={options.html} />}
      <div className="dialog-actions">
        {(options.buttons ?? []).map((button, index) => (
          <button
            key={button.id}
            type="button"
            className={`btn ${button.variant === 'primary' ? 'btn-primary' : 'btn-ghost'}`}
            data-autofocus={index === (options.buttons?.length ?? 0) - 1 ? true : undefined}
            onClick={() => pressDialogButton(modalId, button.id)}
          >
            {tr(button.labelKey)}
          </button>
        ))}
      </div>
    </div>
  );
}
