import { beforeEach, describe, expect, it } from 'vitest';
import { closeAllModals, closeModal, isModalName, openModal, pressDialogButton, showDialog, useModalStore } from './modal-store.ts';

const names = () => useModalStore.getState().stack.map((m) => m.name);

describe('modal registry', () => {
  beforeEach(() => closeAllModals());

  it('opens a named popup with its options and closes it', () => {
    openModal('helpModal', { slug: 'term' });
    const [top] = useModalStore.getState().stack;
    expect(top?.name).toBe('helpModal');
    expect(top?.name === 'helpModal' && top.options.slug).toBe('term');
    closeModal();
    expect(names()).toEqual([]);
  });

  it('lets one popup replace another (login → register)', () => {
    openModal('loginPopupModal');
    openModal('registerModal', { tab: 'mobile' });
    expect(names()).toEqual(['registerModal']);
  });

  it('stacks the generic dialog on top of a popup and closes only the top one', () => {
    openModal('registerModal');
    openModal('publicModal', { icon: 'warning', messageKey: 'errors:unknown' });
    expect(names()).toEqual(['registerModal', 'publicModal']);
    closeModal();
    expect(names()).toEqual(['registerModal']);
  });

  it('keeps an open dialog above a popup opened after it', () => {
    openModal('publicModal', { messageKey: 'errors:unknown' });
    openModal('loginPopupModal');
    expect(names()).toEqual(['publicModal', 'loginPopupModal']);
    openModal('forgetPassModal');
    expect(names()).toEqual(['publicModal', 'forgetPassModal']);
  });

  it('closes a given modal by id, leaving the others', () => {
    const popup = openModal('noticeModal', { noticeId: 3 });
    openModal('publicModal', {});
    closeModal(popup);
    expect(names()).toEqual(['publicModal']);
    closeModal(999);
    expect(names()).toEqual(['publicModal']);
  });

  it('resolves showDialog with the pressed button and closes the dialog', async () => {
    const result = showDialog({
      icon: 'info',
      messageKey: 'errors:needRealAccount',
      buttons: [
        { id: 'cancel', labelKey: 'dialog.cancel' },
        { id: 'confirm', labelKey: 'dialog.confirm', variant: 'primary' },
      ],
    });
    const dialog = useModalStore.getState().stack.at(-1);
    expect(dialog?.name).toBe('publicModal');
    pressDialogButton(dialog!.id, 'confirm');
    await expect(result).resolves.toBe('confirm');
    expect(names()).toEqual([]);
  });

  it('resolves showDialog with null when the dialog is dismissed', async () => {
    const result = showDialog({ messageKey: 'errors:unknown' });
    closeModal();
    await expect(result).resolves.toBeNull();
  });

  it('gives showDialog an OK button when none is given', () => {
    void showDialog({ titleKey: 'dialog.copied' });
    const dialog = useModalStore.getState().stack.at(-1);
    expect(dialog?.name === 'publicModal' && dialog.options.buttons?.map((b) => b.id)).toEqual(['ok']);
  });

  it('knows the named modals of the spec and nothing else', () => {
    for (const name of [
      'loginPopupModal',
      'registerModal',
      'changePassModal',
      'forgetPassModal',
      'helpModal',
      'noticeModal',
      'publicModal',
      'loginModal',
    ]) {
      expect(isModalName(name)).toBe(true);
    }
    expect(isModalName('gameModal')).toBe(false);
    expect(isModalName(undefined)).toBe(false);
  });
});
