import {
  LOTTERY_PATHS,
  type LotteryFormat,
  type LotteryResult,
  type LotteryVerifyAnswer,
  sameLotteryResult,
  verifyDraw,
} from '@playfront/contract/lottery';
import { api } from './api.ts';
import { errorText, toggleTheme, translator, type VerifyBoot } from './boot.ts';
import { clear, h } from './dom.ts';
import { resultView } from './views.ts';

/**
 * The public verify page: loads what the provider published about a drawn draw (seed, its hash, the public
 * data, the result) and recomputes the result here, in the browser, with the contract's pure derivation
 * (lottery-fair.ts, the same code the provider draws with). The seed and public data fields can be edited,
 * so anyone can see that a different seed gives a different result.
 */
export function startVerify(root: HTMLElement, boot: VerifyBoot): void {
  const t = translator(boot.strings);
  const inFrame = window.top !== window;

  const header = h(
    'header',
    { class: 'lotto-header' },
    boot.backUrl
      ? h('a', {
          class: 'icon-button',
          text: '←',
          attrs: { href: boot.backUrl, target: inFrame ? '_top' : null, 'aria-label': t('page.backLong'), title: t('page.backLong') },
        })
      : null,
    h('div', { class: 'title' }, h('h1', { text: t('verify.title') })),
    h('button', {
      class: 'icon-button',
      text: '◐',
      attrs: { type: 'button', 'aria-label': t('page.theme'), title: t('page.theme') },
      on: { click: toggleTheme },
    }),
  );
  const body = h(
    'section',
    { class: 'panel', attrs: { 'data-testid': 'lotto-verify' } },
    h('p', { class: 'skeleton', text: t('state.loading') }),
  );
  clear(root, header, body);

  const load = async () => {
    if (!boot.drawId) {
      clear(body, h('p', { class: 'message error', text: t('verify.noDraw'), attrs: { role: 'alert' } }));
      return;
    }
    clear(body, h('p', { class: 'skeleton', text: t('state.loading'), attrs: { role: 'status' } }));
    const answer = await api<Omit<LotteryVerifyAnswer, 'ok'>>(LOTTERY_PATHS.verify(boot.drawId), null);
    if (!answer.ok) {
      clear(
        body,
        h('p', { class: 'message error', text: errorText(t, answer.code), attrs: { role: 'alert', 'data-testid': 'lotto-verify-error' } }),
        answer.code === 'NETWORK' || answer.code === 'WALLET_UNAVAILABLE'
          ? h('button', { class: 'secondary', text: t('state.retry'), attrs: { type: 'button' }, on: { click: () => void load() } })
          : null,
      );
      return;
    }
    show(answer);
  };

  function show(published: Omit<LotteryVerifyAnswer, 'ok'>) {
    const field = (id: string, label: string, value: string, readonly = false) => {
      const input = h('input', {
        attrs: { id, type: 'text', value, readonly, spellcheck: 'false', autocomplete: 'off', 'data-testid': id },
      });
      return { input, el: h('div', { class: 'field' }, h('label', { text: label, attrs: { for: id } }), input) };
    };
    const seed = field('verify-seed', t('verify.serverSeed'), published.serverSeed);
    const hash = field('verify-hash', t('verify.serverSeedHash'), published.serverSeedHash);
    const data = field('verify-public-data', t('verify.publicData'), published.publicData);
    const verdicts = h('div', { class: 'verify-form', attrs: { 'aria-live': 'polite', 'data-testid': 'lotto-verify-verdict' } });
    const computedBox = h('div');

    const run = () => {
      const serverSeed = seed.input.value.trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(serverSeed)) {
        clear(verdicts, h('p', { class: 'verdict mismatch', text: t('verify.badSeed'), attrs: { role: 'alert' } }));
        clear(computedBox);
        return;
      }
      const checked = verifyDraw({
        format: published.format as LotteryFormat,
        serverSeed,
        serverSeedHash: hash.input.value.trim().toLowerCase(),
        publicData: data.input.value,
      });
      const matches = checked.result !== null && sameLotteryResult(checked.result, published.result);
      clear(
        verdicts,
        h('p', {
          class: `verdict ${checked.hashMatches ? 'match' : 'mismatch'}`,
          text: checked.hashMatches ? `✓ ${t('verify.hashMatches')}` : `✗ ${t('verify.hashMismatch')}`,
          attrs: { 'data-testid': 'lotto-verify-hash', 'data-match': String(checked.hashMatches) },
        }),
        h('p', {
          class: `verdict ${matches ? 'match' : 'mismatch'}`,
          text: matches ? `✓ ${t('verify.resultMatches')}` : `✗ ${t('verify.resultMismatch')}`,
          attrs: { 'data-testid': 'lotto-verify-result', 'data-match': String(matches) },
        }),
      );
      clear(computedBox, checked.result ? resultBlock(t('verify.computed'), checked.result, 'lotto-verify-computed') : null);
    };

    const resultBlock = (title: string, result: LotteryResult, testid: string) =>
      h('div', { class: 'record', attrs: { 'data-testid': testid } }, h('h3', { text: title }), resultView(result, t, false));

    clear(
      body,
      h('p', { class: 'muted', text: t('verify.intro') }),
      h(
        'dl',
        { class: 'facts' },
        h('dt', { class: 'label', text: t('verify.game') }),
        h('dd', { text: published.gameCode }),
        h('dt', { class: 'label', text: t('verify.drawNumber') }),
        h('dd', { text: published.drawNumber, attrs: { 'data-testid': 'lotto-verify-draw' } }),
      ),
      h(
        'form',
        {
          class: 'verify-form',
          on: {
            submit: (event) => {
              event.preventDefault();
              run();
            },
          },
        },
        seed.el,
        hash.el,
        data.el,
        h('button', { class: 'primary', text: t('verify.compute'), attrs: { type: 'submit', 'data-testid': 'lotto-verify-compute' } }),
      ),
      verdicts,
      resultBlock(t('verify.published'), published.result, 'lotto-verify-published'),
      computedBox,
      h(
        'details',
        {},
        h('summary', { text: t('verify.how') }),
        h('p', { class: 'muted', text: published.derivation, attrs: { lang: 'en' } }),
      ),
    );
    run();
  }

  void load();
}
