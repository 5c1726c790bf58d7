import { applyStoredTheme, errorText, readBoot, translator } from './boot.ts';
import { clear, h } from './dom.ts';
import { startPlay } from './play.ts';
import { startVerify } from './verify.ts';

/** The lottery pages' one script: reads the boot data the server rendered and draws the page it names. */
applyStoredTheme();
const root = document.getElementById('lotto-app');
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
        { class: 'panel' },
        h('p', { class: 'message error', text: errorText(t, boot.code), attrs: { role: 'alert', 'data-testid': 'lotto-fatal' } }),
        boot.backUrl
          ? h('a', {
              class: 'primary',
              text: t('page.backLong'),
              attrs: { href: boot.backUrl, target: window.top !== window ? '_top' : null },
            })
          : null,
      ),
    );
  }
}
