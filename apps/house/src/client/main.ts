import { applyStoredTheme, readBoot, translator } from './boot.ts';
import { clear, h } from './dom.ts';
import { startPlay } from './play.ts';
import { startVerify } from './verify.ts';

/** The house pages' one script: reads the boot data the server rendered and draws the page it names. */
applyStoredTheme();
const root = document.getElementById('house-app');
if (root) {
  const boot = readBoot();
  if (boot.page === 'play') startPlay(root, boot);
  else if (boot.page === 'verify') startVerify(root, boot);
  else {
    const t = translator(boot.strings);
    clear(
      root,
      h(
        'section',
        { class: 'error-page' },
        h('p', {
          class: 'message error',
          text: t(`error.${boot.code}` as Parameters<typeof t>[0]) || t('error.BAD_REQUEST'),
          attrs: { role: 'alert', 'data-testid': 'house-error' },
        }),
        boot.backUrl
          ? h('a', { class: 'primary', text: t('page.back'), attrs: { href: boot.backUrl, target: window.top !== window ? '_top' : null } })
          : null,
      ),
    );
  }
}
