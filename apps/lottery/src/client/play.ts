import {
  LOTTERY_PATHS,
  LOTTERY_VERIFY_PAGE_PATH,
  type LotteryBetTypeView,
  type LotteryCurrentDrawAnswer,
  type LotteryDrawView,
  type LotteryGameView,
  type LotterySessionAnswer,
  type LotterySlipLineRequest,
  type LotterySlipView,
} from '@playfront/contract/lottery';
import type { ClientMessageKey } from '../i18n/client-messages.ts';
import { api, newRequestId } from './api.ts';
import { countdownText, errorText, money, type PlayBoot, parseStake, stakeText, toggleTheme, translator } from './boot.ts';
import { append, clear, h } from './dom.ts';
import {
  completeLine,
  groupByKind,
  nameOf,
  numbersText,
  oddsText,
  type QuickPick,
  quickPick,
  resultView,
  scheduleText,
  timeText,
} from './views.ts';

type Tab = 'lobby' | 'bet' | 'slips' | 'results';
const TABS: Tab[] = ['lobby', 'bet', 'slips', 'results'];

/** The platform's lottery vendors and the kind of game each opens on first. */
const VENDOR_KINDS: Record<string, LotteryGameView['kind']> = { TCG_LOTTO_VN: 'VN', TCG_SEA: 'SEA', ELOTT: 'ELOTT', LOTT: 'LOTT' };

/** Ambiguous failures: the slip may have been taken, so a repeat must carry the same request id. */
const REPEAT_SAME_ID = new Set(['NETWORK', 'WALLET_UNAVAILABLE']);

interface SlipLine extends LotterySlipLineRequest {
  key: number;
}

/** The lottery's game page: lobby, betting, the member's slips and the results board, in one frame. */
export function startPlay(root: HTMLElement, boot: PlayBoot): void {
  const t = translator(boot.strings);
  const lang = boot.lang;
  const inFrame = window.top !== window;

  // ---- state ---------------------------------------------------------------------------
  let session = '';
  let symbol = '';
  let balance = 0n;
  let games: LotteryGameView[] = [];
  let game: LotteryGameView | null = null;
  let tab: Tab = 'lobby';
  let draw: LotteryDrawView | null = null;
  let clockOffset = 0;
  let betType: LotteryBetTypeView | null = null;
  let picked: string[] = [];
  let lines: SlipLine[] = [];
  let lineKey = 0;
  let placing = false;
  /** The request id of the slip being placed, kept for a repeat of the same slip on the same draw. */
  let pendingId: { id: string; fingerprint: string } | null = null;
  let refetchingDraw = false;

  const now = () => Date.now() + clockOffset;
  const fmt = (minor: string | bigint) => money(minor, symbol);

  // ---- chrome ------------------------------------------------------------------------------
  const balanceEl = h('output', { class: 'value', attrs: { 'data-testid': 'lotto-balance', 'aria-live': 'polite' } });
  const titleEl = h('h1', { text: t('page.title') });
  const subtitleEl = h('p', { class: 'muted' });
  const header = h(
    'header',
    { class: 'lotto-header' },
    boot.backUrl
      ? h('a', {
          class: 'icon-button',
          text: '←',
          attrs: {
            href: boot.backUrl,
            target: inFrame ? '_top' : null,
            'aria-label': t('page.backLong'),
            title: t('page.backLong'),
            'data-testid': 'lotto-back',
          },
        })
      : null,
    h('div', { class: 'title' }, titleEl, subtitleEl),
    h('div', { class: 'balance' }, h('span', { class: 'label', text: t('page.balance') }), balanceEl),
    h('button', {
      class: 'icon-button',
      text: '↻',
      attrs: { type: 'button', 'aria-label': t('page.refreshBalance'), title: t('page.refreshBalance') },
      on: { click: () => void refreshBalance() },
    }),
    h('button', {
      class: 'icon-button',
      text: '◐',
      attrs: { type: 'button', 'aria-label': t('page.theme'), title: t('page.theme') },
      on: { click: toggleTheme },
    }),
  );

  const tabButtons = new Map<Tab, HTMLButtonElement>();
  const tabList = h('div', { class: 'tabs', attrs: { role: 'tablist', 'aria-label': t('page.sections') } });
  for (const name of TABS) {
    const button = h('button', {
      class: 'tab',
      text: t(`tab.${name}` as ClientMessageKey),
      attrs: { type: 'button', role: 'tab', id: `lotto-tab-${name}`, 'aria-controls': 'lotto-panel', 'data-testid': `lotto-tab-${name}` },
      on: { click: () => showTab(name) },
    });
    button.addEventListener('keydown', (event) => {
      const key = (event as KeyboardEvent).key;
      if (key !== 'ArrowRight' && key !== 'ArrowLeft') return;
      const next = TABS[(TABS.indexOf(name) + (key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length] as Tab;
      showTab(next);
      tabButtons.get(next)?.focus();
    });
    tabButtons.set(name, button);
    tabList.append(button);
  }
  const panel = h('section', { attrs: { id: 'lotto-panel', role: 'tabpanel' } });

  function setBalance(value: bigint) {
    balance = value;
    balanceEl.textContent = fmt(balance);
  }

  async function refreshBalance() {
    const answer = await api<{ balance: string }>(LOTTERY_PATHS.balance, session);
    if (answer.ok) setBalance(BigInt(answer.balance));
  }

  function showTab(next: Tab) {
    if (next === 'bet' && !game) next = 'lobby';
    tab = next;
    for (const [name, button] of tabButtons) {
      button.setAttribute('aria-selected', String(name === tab));
      button.tabIndex = name === tab ? 0 : -1;
    }
    panel.setAttribute('aria-labelledby', `lotto-tab-${tab}`);
    titleEl.textContent = game ? nameOf(game.name, lang) : t('page.title');
    subtitleEl.textContent = game ? scheduleText(game.schedule, t) : '';
    if (tab === 'lobby') renderLobby();
    else if (tab === 'bet') renderBet();
    else if (tab === 'slips') void renderSlips();
    else void renderResults();
  }

  const loadingEl = () => h('p', { class: 'skeleton', text: t('state.loading'), attrs: { role: 'status' } });
  const failedEl = (code: string, retry: () => void) =>
    h(
      'div',
      { class: 'panel' },
      h('p', { class: 'message error', text: errorText(t, code), attrs: { role: 'alert' } }),
      h('button', { class: 'secondary', text: t('state.retry'), attrs: { type: 'button' }, on: { click: retry } }),
    );

  // ---- lobby -------------------------------------------------------------------------------
  function renderLobby() {
    if (games.length === 0) {
      clear(panel, h('div', { class: 'panel' }, h('p', { class: 'empty', text: t('lobby.empty') })));
      return;
    }
    clear(
      panel,
      h(
        'div',
        { class: 'panel', attrs: { 'data-testid': 'lotto-lobby' } },
        h('h2', { class: 'visually-hidden', text: t('lobby.choose') }),
        ...groupByKind(games).map((group) =>
          h(
            'section',
            { class: 'kind-group', attrs: { 'aria-label': t(`kind.${group.kind}` as ClientMessageKey) } },
            h('h2', { text: t(`kind.${group.kind}` as ClientMessageKey) }),
            h(
              'div',
              { class: 'game-grid' },
              ...group.games.map((g) =>
                h(
                  'button',
                  {
                    class: 'game-card',
                    attrs: { type: 'button', 'aria-current': game?.code === g.code ? 'true' : null, 'data-testid': `lotto-game-${g.code}` },
                    on: { click: () => void selectGame(g.code, 'bet') },
                  },
                  h('span', { class: 'name', text: nameOf(g.name, lang) }),
                  h('span', { class: 'muted', text: scheduleText(g.schedule, t) }),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  }

  async function selectGame(code: string, then: Tab) {
    const next = games.find((g) => g.code === code) ?? null;
    if (!next) return;
    if (game?.code !== next.code) {
      game = next;
      draw = null;
      betType = next.betTypes[0] ?? null;
      picked = [];
      lines = [];
      pendingId = null;
      message('', 'info');
    }
    showTab(then);
    await loadDraw();
  }

  // ---- the draw ------------------------------------------------------------------------------
  const drawTitle = h('h2', { attrs: { 'data-testid': 'lotto-draw-number' } });
  const drawState = h('p', { class: 'muted', attrs: { 'data-testid': 'lotto-draw-state' } });
  const countdownEl = h('output', { class: 'countdown', attrs: { 'data-testid': 'lotto-countdown', 'aria-live': 'off' } });
  const hashEl = h('p', { class: 'hash' });
  const drawPanel = h(
    'div',
    { class: 'panel draw', attrs: { 'data-testid': 'lotto-draw' } },
    h('div', {}, drawTitle, drawState),
    countdownEl,
    hashEl,
  );

  const isOpen = () => draw !== null && draw.status === 'open' && Date.parse(draw.closesAt) > now();

  async function loadDraw(): Promise<void> {
    if (!game) return;
    const code = game.code;
    const answer = await api<Omit<LotteryCurrentDrawAnswer, 'ok'>>(LOTTERY_PATHS.currentDraw(code), session);
    if (game?.code !== code) return;
    if (!answer.ok) {
      draw = null;
      drawTitle.textContent = t('draw.none');
      drawState.textContent = errorText(t, answer.code);
      countdownEl.textContent = '';
      hashEl.textContent = '';
      updatePlaceButton();
      return;
    }
    clockOffset = Date.parse(answer.serverTime) - Date.now();
    const changed = draw?.drawId !== answer.draw.drawId;
    draw = answer.draw;
    renderDraw();
    if (changed && tab === 'results') void renderResults();
  }

  function renderDraw() {
    if (!draw) return;
    drawTitle.textContent = t('draw.title', { number: draw.drawNumber });
    const [before, after = ''] = t('draw.hash', { hash: '\u0000' }).split('\u0000');
    clear(hashEl, before, h('code', { text: draw.serverSeedHash, attrs: { 'data-testid': 'lotto-draw-hash' } }), after);
    tick();
  }

  function tick() {
    if (!draw) return;
    const open = isOpen();
    if (open) {
      drawState.textContent = `${t('draw.closesIn')} · ${t('draw.drawsAt', { time: timeText(draw.drawsAt, lang) })}`;
      drawState.classList.remove('closed');
      countdownEl.textContent = countdownText(Date.parse(draw.closesAt) - now());
    } else {
      drawState.textContent = t('draw.closedHelp', { time: timeText(draw.drawsAt, lang) });
      drawState.classList.add('closed');
      countdownEl.textContent = t('draw.closed');
      // Once the draw time has passed, ask for the next draw (every 2 s until it comes).
      if (Date.parse(draw.drawsAt) <= now() + 500 || draw.status !== 'open') void nextDraw();
    }
    updatePlaceButton();
  }

  async function nextDraw() {
    if (refetchingDraw) return;
    refetchingDraw = true;
    const before = draw?.drawId;
    try {
      await loadDraw();
      if (draw?.drawId !== before) {
        void refreshBalance();
        if (tab === 'slips') void renderSlips();
      }
    } finally {
      setTimeout(() => {
        refetchingDraw = false;
      }, 2000);
    }
  }

  setInterval(tick, 250);

  // ---- betting -------------------------------------------------------------------------------
  const messageEl = h('p', { class: 'message', attrs: { role: 'status', 'data-testid': 'lotto-message' } });
  const errorEl = h('p', { class: 'message error', attrs: { role: 'alert', 'data-testid': 'lotto-error' } });
  errorEl.hidden = true;

  function message(text: string, kind: 'info' | 'ok' | 'error') {
    if (kind === 'error') {
      errorEl.hidden = text === '';
      errorEl.textContent = text;
      messageEl.textContent = '';
    } else {
      errorEl.hidden = true;
      errorEl.textContent = '';
      messageEl.textContent = text;
      messageEl.classList.toggle('ok', kind === 'ok');
    }
  }

  const stakeInput = h('input', {
    attrs: { id: 'lotto-stake', type: 'text', inputmode: 'decimal', autocomplete: 'off', 'data-testid': 'lotto-stake' },
  });
  const pickerBox = h('div', { class: 'field' });
  const betTypeBox = h('div', { class: 'chips', attrs: { role: 'group', 'aria-labelledby': 'lotto-bettype-label' } });
  const limitsEl = h('p', { class: 'muted' });
  const rtpEl = h('p', { class: 'muted' });

  function defaultStake(bet: LotteryBetTypeView): bigint {
    const min = BigInt(bet.limits.minStake);
    const max = BigInt(bet.limits.maxStake);
    const wanted = 1000n < min ? min : 1000n;
    return wanted > max ? max : wanted;
  }

  function renderBetTypes() {
    clear(betTypeBox);
    if (!game) return;
    for (const bet of game.betTypes) {
      betTypeBox.append(
        h(
          'button',
          {
            class: 'chip',
            attrs: { type: 'button', 'aria-pressed': String(betType?.code === bet.code), 'data-testid': `lotto-bettype-${bet.code}` },
            on: {
              click: () => {
                betType = bet;
                picked = [];
                stakeInput.value = stakeText(defaultStake(bet));
                renderBetTypes();
                renderPicker();
              },
            },
          },
          nameOf(bet.name, lang),
          h('span', { class: 'odds', text: oddsText(bet, t) }),
        ),
      );
    }
    if (betType) {
      limitsEl.textContent = t('bet.limits', { min: fmt(betType.limits.minStake), max: fmt(betType.limits.maxStake) });
      rtpEl.textContent = t('bet.rtp', { rtp: betType.rtp });
    }
  }

  function renderPicker() {
    clear(pickerBox);
    if (!betType) return;
    const selection = betType.selection;
    const quick = (kinds: QuickPick[]) =>
      h(
        'div',
        { class: 'chips', attrs: { role: 'group', 'aria-label': t('bet.quick') } },
        ...kinds.map((kind) =>
          h('button', {
            class: 'chip',
            text: t(`bet.quick${kind[0]?.toUpperCase()}${kind.slice(1)}` as ClientMessageKey),
            attrs: { type: 'button', 'data-testid': `lotto-quick-${kind}` },
            on: {
              click: () => {
                picked = quickPick(selection, kind, picked);
                renderPicker();
              },
            },
          }),
        ),
        h('button', {
          class: 'chip',
          text: t('bet.quickClear'),
          attrs: { type: 'button' },
          on: {
            click: () => {
              picked = [];
              renderPicker();
            },
          },
        }),
      );
    const quicks: QuickPick[] = ['random', 'big', 'small', 'odd', 'even'];

    if (selection.select === 'digits') {
      const input = h('input', {
        attrs: {
          id: 'lotto-number',
          type: 'text',
          inputmode: 'numeric',
          autocomplete: 'off',
          pattern: `\\d{${selection.digits}}`,
          value: picked[0] ?? '',
          'data-testid': 'lotto-number',
        },
      });
      input.addEventListener('input', () => {
        input.value = input.value.replace(/\D/g, '').slice(0, selection.digits);
        picked = input.value ? [input.value] : [];
        syncDigitRows();
      });
      const rows: HTMLButtonElement[][] = [];
      const syncDigitRows = () => {
        const value = picked[0] ?? '';
        rows.forEach((row, position) => {
          row.forEach((button, digit) => {
            button.setAttribute('aria-pressed', String(value[position] === String(digit)));
          });
        });
      };
      const digitRows =
        selection.digits <= 3
          ? Array.from({ length: selection.digits }, (_, position) => {
              const row = Array.from({ length: 10 }, (_, digit) =>
                h('button', {
                  text: String(digit),
                  attrs: { type: 'button', 'aria-label': `${t('bet.position', { n: position + 1 })}: ${digit}` },
                  on: {
                    click: () => {
                      const chars = (picked[0] ?? '0'.repeat(selection.digits)).padEnd(selection.digits, '0').split('');
                      chars[position] = String(digit);
                      picked = [chars.join('')];
                      input.value = picked[0] as string;
                      syncDigitRows();
                    },
                  },
                }),
              );
              rows.push(row);
              return h(
                'div',
                { class: 'digit-row' },
                h('span', { class: 'label', text: t('bet.position', { n: position + 1 }) }),
                h('div', { class: 'picker', attrs: { role: 'group', 'aria-label': t('bet.position', { n: position + 1 }) } }, ...row),
              );
            })
          : [];
      syncDigitRows();
      append(
        pickerBox,
        h('label', { text: t('bet.number', { digits: selection.digits }), attrs: { for: 'lotto-number' } }),
        input,
        digitRows.length > 0 ? h('p', { class: 'muted', text: t('bet.pickDigitsHelp') }) : null,
        ...digitRows,
        quick(quicks),
      );
      return;
    }

    if (selection.select === 'choice') {
      append(
        pickerBox,
        h('span', { class: 'label', text: t('bet.pickChoice'), attrs: { id: 'lotto-choice-label' } }),
        h(
          'div',
          { class: 'chips', attrs: { role: 'group', 'aria-labelledby': 'lotto-choice-label' } },
          ...selection.choices.map((choice) =>
            h(
              'button',
              {
                class: 'chip',
                attrs: { type: 'button', 'aria-pressed': String(picked[0] === choice), 'data-testid': `lotto-choice-${choice}` },
                on: {
                  click: () => {
                    picked = [choice];
                    renderPicker();
                  },
                },
              },
              choiceLabel(choice),
              betType?.oddsByChoice?.[choice] ? h('span', { class: 'odds', text: `×${betType.oddsByChoice[choice]}` }) : null,
            ),
          ),
        ),
        quick(quicks),
      );
      return;
    }

    // A set of numbers of 1..pool (keno).
    const countEl = h('span', { class: 'muted', text: t('bet.picked', { count: picked.length }), attrs: { 'aria-live': 'polite' } });
    append(
      pickerBox,
      h(
        'div',
        { class: 'row' },
        h('span', { class: 'label', text: t('bet.pickSet', { min: selection.min, max: selection.max }), attrs: { id: 'lotto-set-label' } }),
        countEl,
      ),
      h(
        'div',
        { class: 'picker', attrs: { role: 'group', 'aria-labelledby': 'lotto-set-label', 'data-testid': 'lotto-picker' } },
        ...Array.from({ length: selection.pool }, (_, i) => {
          const value = String(i + 1);
          return h('button', {
            text: value,
            attrs: { type: 'button', 'aria-pressed': String(picked.includes(value)) },
            on: {
              click: () => {
                if (picked.includes(value)) picked = picked.filter((p) => p !== value);
                else if (picked.length < selection.max) picked = [...picked, value].sort((a, b) => Number(a) - Number(b));
                renderPicker();
              },
            },
          });
        }),
      ),
      quick(quicks),
      betType.paytable ? paytableView(betType.paytable, picked.length) : null,
    );
  }

  const choiceLabel = (choice: string) =>
    choice === 'BIG' || choice === 'SMALL' || choice === 'ODD' || choice === 'EVEN' ? t(`choice.${choice}`) : choice;

  function paytableView(paytable: Record<string, Record<string, string>>, picks: number) {
    const row = paytable[String(picks)];
    if (!row) return null;
    const hits = Object.keys(row)
      .filter((k) => row[k] && row[k] !== '0')
      .sort((a, b) => Number(a) - Number(b));
    return h(
      'table',
      { class: 'prize-table' },
      h('caption', { class: 'muted', text: `${t('bet.paytableTitle')} (${t('bet.picks')}: ${picks})` }),
      h(
        'thead',
        {},
        h('tr', {}, h('th', { text: t('bet.hits'), attrs: { scope: 'col' } }), h('th', { text: '×', attrs: { scope: 'col' } })),
      ),
      h('tbody', {}, ...hits.map((k) => h('tr', {}, h('td', { text: k }), h('td', { text: `×${row[k]}` })))),
    );
  }

  function addLine() {
    if (!game || !betType) return;
    if (!completeLine(betType.selection, picked)) {
      message(t('bet.needNumbers'), 'error');
      return;
    }
    const stake = parseStake(stakeInput.value);
    const min = BigInt(betType.limits.minStake);
    const max = BigInt(betType.limits.maxStake);
    if (stake === null || stake < min || stake > max) {
      message(t('bet.badStake', { min: fmt(min), max: fmt(max) }), 'error');
      stakeInput.focus();
      return;
    }
    if (lines.length >= game.maxLines) {
      message(t('slip.tooMany', { max: game.maxLines }), 'error');
      return;
    }
    lineKey += 1;
    lines.push({ key: lineKey, betType: betType.code, numbers: [...picked], stake: stake.toString() });
    picked = [];
    renderPicker();
    renderSlip();
    message(t('bet.added'), 'info');
  }

  // ---- the slip ------------------------------------------------------------------------------
  const slipList = h('ul', { attrs: { 'data-testid': 'lotto-slip-lines' } });
  const totalEl = h('output', { class: 'value', attrs: { 'data-testid': 'lotto-slip-total' } });
  const placeButton = h('button', {
    class: 'primary',
    text: t('slip.place'),
    attrs: { type: 'button', 'data-testid': 'lotto-place' },
    on: { click: () => openConfirm() },
  });
  const clearButton = h('button', {
    class: 'link-button',
    text: t('slip.clear'),
    attrs: { type: 'button' },
    on: {
      click: () => {
        lines = [];
        renderSlip();
      },
    },
  });

  const total = () => lines.reduce((sum, line) => sum + BigInt(line.stake), 0n);

  // On a phone the slip sits under the picker: a bar at the bottom shows it and leads there.
  const slipTitle = h('h2', { text: t('slip.title'), attrs: { id: 'lotto-slip-title', tabindex: -1 } });
  const slipBarText = h('span');
  const slipBar = h(
    'button',
    {
      class: 'slip-bar',
      attrs: { type: 'button', 'data-testid': 'lotto-slip-bar' },
      on: {
        click: () => {
          slipTitle.scrollIntoView({ behavior: 'smooth', block: 'start' });
          slipTitle.focus({ preventScroll: true });
        },
      },
    },
    slipBarText,
  );

  function updatePlaceButton() {
    placeButton.disabled = placing || lines.length === 0 || !isOpen();
    placeButton.textContent = placing ? t('slip.placing') : t('slip.place');
  }

  function renderSlip() {
    clear(slipList);
    if (lines.length === 0) slipList.append(h('li', { class: 'empty', text: t('slip.empty') }));
    lines.forEach((line, index) => {
      const bet = game?.betTypes.find((b) => b.code === line.betType);
      const n = index + 1;
      const input = h('input', {
        attrs: {
          type: 'text',
          inputmode: 'decimal',
          autocomplete: 'off',
          value: stakeText(BigInt(line.stake)),
          'aria-label': t('slip.stakeOf', { n }),
          'data-testid': 'lotto-line-stake',
        },
      });
      input.addEventListener('change', () => {
        const stake = parseStake(input.value);
        const min = BigInt(bet?.limits.minStake ?? '1');
        const max = BigInt(bet?.limits.maxStake ?? '0');
        if (stake === null || stake < min || stake > max) {
          message(t('bet.badStake', { min: fmt(min), max: fmt(max) }), 'error');
          input.value = stakeText(BigInt(line.stake));
          return;
        }
        line.stake = stake.toString();
        totalEl.textContent = fmt(total());
      });
      slipList.append(
        h(
          'li',
          { attrs: { 'data-testid': 'lotto-slip-line' } },
          h(
            'span',
            {},
            h('strong', { text: bet ? nameOf(bet.name, lang) : line.betType }),
            h('br'),
            numbersText(bet?.selection, line.numbers, t),
          ),
          input,
          h('button', {
            class: 'icon-button',
            text: '✕',
            attrs: { type: 'button', 'aria-label': t('slip.removeLine', { n }), title: t('slip.remove') },
            on: {
              click: () => {
                lines = lines.filter((l) => l.key !== line.key);
                renderSlip();
              },
            },
          }),
        ),
      );
    });
    totalEl.textContent = fmt(total());
    clearButton.hidden = lines.length === 0;
    slipBar.hidden = lines.length === 0;
    slipBarText.textContent = `${t('slip.title')} · ${t('slip.lines', { count: lines.length })} · ${fmt(total())}`;
    updatePlaceButton();
  }

  // The confirmation dialog: the one place a slip is sent from.
  const confirmText = h('p', { attrs: { 'data-testid': 'lotto-confirm-text' } });
  const confirmButton = h('button', {
    class: 'primary',
    text: t('slip.confirm'),
    attrs: { type: 'button', 'data-testid': 'lotto-confirm' },
  });
  const cancelButton = h('button', { class: 'secondary', text: t('slip.cancel'), attrs: { type: 'button' } });
  const dialog = h(
    'dialog',
    { attrs: { 'aria-labelledby': 'lotto-confirm-title', 'data-testid': 'lotto-confirm-dialog' } },
    h('h2', { text: t('slip.confirmTitle'), attrs: { id: 'lotto-confirm-title' } }),
    confirmText,
    h('div', { class: 'actions' }, cancelButton, confirmButton),
  );
  cancelButton.addEventListener('click', () => dialog.close());
  confirmButton.addEventListener('click', () => void placeSlip());

  function openConfirm() {
    if (!game || !draw || lines.length === 0 || placing) return;
    confirmText.textContent = t('slip.confirmText', {
      game: nameOf(game.name, lang),
      number: draw.drawNumber,
      count: lines.length,
      total: fmt(total()),
    });
    confirmButton.disabled = false;
    dialog.showModal();
    confirmButton.focus();
  }

  async function placeSlip() {
    if (!game || !draw || placing) return;
    if (!isOpen()) {
      dialog.close();
      message(errorText(t, 'DRAW_CLOSED'), 'error');
      return;
    }
    const body = {
      game: game.code,
      drawId: draw.drawId,
      lines: lines.map(({ betType: b, numbers, stake }) => ({ betType: b, numbers, stake })),
    };
    const fingerprint = JSON.stringify(body);
    if (pendingId?.fingerprint !== fingerprint) pendingId = { id: newRequestId(), fingerprint };
    placing = true;
    confirmButton.disabled = true;
    updatePlaceButton();
    try {
      const answer = await api<{ slip: LotterySlipView; balance: string }>(LOTTERY_PATHS.slips, session, {
        ...body,
        requestId: pendingId.id,
      });
      dialog.close();
      if (!answer.ok) {
        if (answer.balance !== undefined) setBalance(BigInt(answer.balance));
        // Only an unanswered or unconfirmed attempt is repeated with the same id; a refusal is final for that id.
        if (!REPEAT_SAME_ID.has(answer.code)) pendingId = null;
        message(errorText(t, answer.code), 'error');
        if (answer.code === 'DRAW_CLOSED') void nextDraw();
        return;
      }
      pendingId = null;
      setBalance(BigInt(answer.balance));
      lines = [];
      renderSlip();
      message(
        answer.slip.status === 'pending' ? t('slip.pendingHelp') : t('slip.placed', { number: answer.slip.drawNumber }),
        answer.slip.status === 'pending' ? 'info' : 'ok',
      );
    } finally {
      placing = false;
      updatePlaceButton();
    }
  }

  function renderBet() {
    if (!game) return;
    if (!betType || !game.betTypes.some((b) => b.code === betType?.code)) betType = game.betTypes[0] ?? null;
    if (betType && !stakeInput.value) stakeInput.value = stakeText(defaultStake(betType));
    renderBetTypes();
    renderPicker();
    renderSlip();
    if (draw) renderDraw();
    else drawTitle.textContent = t('state.loading');
    clear(
      panel,
      h(
        'div',
        { class: 'betting' },
        h(
          'div',
          { class: 'betting-main', attrs: { 'data-testid': 'lotto-betting' } },
          drawPanel,
          h(
            'div',
            { class: 'panel' },
            h('h2', { text: t('bet.type'), attrs: { id: 'lotto-bettype-label' } }),
            betTypeBox,
            rtpEl,
            pickerBox,
            h(
              'div',
              { class: 'row' },
              h(
                'div',
                { class: 'field' },
                h('label', { text: t('bet.stake', { symbol: symbol.trim() || '' }), attrs: { for: 'lotto-stake' } }),
                stakeInput,
              ),
              h('button', {
                class: 'secondary',
                text: t('bet.add'),
                attrs: { type: 'button', 'data-testid': 'lotto-add' },
                on: { click: addLine },
              }),
            ),
            limitsEl,
          ),
        ),
        h(
          'aside',
          { class: 'panel slip', attrs: { 'aria-labelledby': 'lotto-slip-title', 'data-testid': 'lotto-slip' } },
          slipTitle,
          slipList,
          h('div', { class: 'total' }, h('span', { text: t('slip.total') }), totalEl),
          placeButton,
          clearButton,
          errorEl,
          messageEl,
        ),
      ),
      slipBar,
      dialog,
    );
  }

  // ---- slips ---------------------------------------------------------------------------------
  const verifyHref = (drawId: string) => {
    const params = new URLSearchParams({ draw: drawId, lang: lang.toLowerCase() });
    const theme = document.documentElement.dataset.theme;
    if (theme) params.set('theme', theme);
    return `${LOTTERY_VERIFY_PAGE_PATH}?${params.toString()}`;
  };
  const verifyLink = (drawId: string, text: string, label: string) =>
    h('a', {
      text,
      attrs: { href: verifyHref(drawId), target: '_blank', rel: 'noopener', 'aria-label': label, 'data-testid': 'lotto-verify-link' },
    });

  function slipView(slip: LotterySlipView, results: ReadonlyMap<string, LotteryDrawView>) {
    const drawn = results.get(slip.drawId)?.result ?? null;
    const slipGame = games.find((g) => g.code === slip.gameCode);
    const payout = slip.totalPayout === null ? null : BigInt(slip.totalPayout);
    const outcome =
      slip.status === 'void'
        ? h('span', { class: 'lost', text: t('slips.refunded', { amount: fmt(slip.totalPayout ?? slip.totalStake) }) })
        : slip.status === 'settled'
          ? payout !== null && payout > 0n
            ? h('span', { class: 'won', text: t('slips.won', { amount: fmt(payout) }) })
            : h('span', { class: 'lost', text: t('slips.lost') })
          : h('span', { class: 'muted', text: t(`slips.status.${slip.status}` as ClientMessageKey) });
    return h(
      'li',
      {
        class: 'record',
        attrs: {
          'data-testid': 'lotto-slip-record',
          'data-status': slip.status,
          'data-draw-number': slip.drawNumber,
          'data-stake': slip.totalStake,
          'data-payout': slip.totalPayout,
        },
      },
      h(
        'div',
        { class: 'head' },
        h('strong', {
          text: `${slipGame ? nameOf(slipGame.name, lang) : slip.gameCode} · ${t('draw.title', { number: slip.drawNumber })}`,
        }),
        outcome,
      ),
      h(
        'p',
        { class: 'muted' },
        `${t('slips.stake', { amount: fmt(slip.totalStake) })} · ${t('slips.placedAt', { time: timeText(slip.placedAt, lang, true) })} · ${t(`slips.status.${slip.status}` as ClientMessageKey)}`,
      ),
      h(
        'ul',
        { class: 'list' },
        ...slip.lines.map((line) => {
          const bet = slipGame?.betTypes.find((b) => b.code === line.betType);
          const parts = [
            `${bet ? nameOf(bet.name, lang) : line.betType}: ${numbersText(bet?.selection, line.numbers, t)}`,
            fmt(line.stake),
            line.odds.startsWith('{') ? '' : `×${line.odds}`,
            line.hits !== null ? t('slips.hits', { n: line.hits }) : '',
            line.payout !== null && BigInt(line.payout) > 0n ? t('slips.linePayout', { amount: fmt(line.payout) }) : '',
          ];
          return h('li', { class: 'muted', text: parts.filter(Boolean).join(' · ') });
        }),
      ),
      drawn && slip.status === 'settled'
        ? h('div', { class: 'slip-result' }, h('span', { class: 'label', text: t('slips.result') }), resultView(drawn, t, true))
        : null,
      slip.status === 'settled' || slip.status === 'void'
        ? verifyLink(slip.drawId, t('slips.verify'), t('results.verifyDraw', { number: slip.drawNumber }))
        : null,
    );
  }

  async function renderSlips() {
    clear(panel, loadingEl());
    const [open, settled] = await Promise.all([
      api<{ slips: LotterySlipView[] }>(`${LOTTERY_PATHS.slips}?status=open&limit=30`, session),
      api<{ slips: LotterySlipView[] }>(`${LOTTERY_PATHS.slips}?status=settled&limit=30`, session),
    ]);
    if (tab !== 'slips') return;
    if (!open.ok || !settled.ok) {
      clear(
        panel,
        failedEl(!open.ok ? open.code : settled.ok ? 'BAD_REQUEST' : settled.code, () => void renderSlips()),
      );
      return;
    }
    // The settled slips' draw results, from each game's results board (a result that is not there is not shown).
    const results = new Map<string, LotteryDrawView>();
    const codes = [...new Set(settled.slips.filter((slip) => slip.status === 'settled').map((slip) => slip.gameCode))];
    const boards = await Promise.all(
      codes.map((code) => api<{ draws: LotteryDrawView[] }>(`${LOTTERY_PATHS.results(code)}?limit=50`, session)),
    );
    for (const board of boards) if (board.ok) for (const d of board.draws) results.set(d.drawId, d);
    if (tab !== 'slips') return;
    const section = (title: string, slips: LotterySlipView[], testid: string) =>
      h(
        'section',
        { class: 'panel', attrs: { 'aria-label': title, 'data-testid': testid } },
        h('h2', { text: title }),
        slips.length === 0
          ? h('p', { class: 'empty', text: t('slips.empty') })
          : h('ul', { class: 'list' }, ...slips.map((slip) => slipView(slip, results))),
      );
    clear(
      panel,
      section(t('slips.open'), open.slips, 'lotto-open-slips'),
      section(t('slips.settled'), settled.slips, 'lotto-settled-slips'),
    );
  }

  // ---- results -------------------------------------------------------------------------------
  async function renderResults() {
    if (!game) {
      clear(panel, h('div', { class: 'panel' }, h('p', { class: 'empty', text: t('lobby.choose') })));
      return;
    }
    const code = game.code;
    clear(panel, loadingEl());
    const answer = await api<{ draws: LotteryDrawView[] }>(`${LOTTERY_PATHS.results(code)}?limit=10`, session);
    if (tab !== 'results' || game?.code !== code) return;
    if (!answer.ok) {
      clear(
        panel,
        failedEl(answer.code, () => void renderResults()),
      );
      return;
    }
    clear(
      panel,
      h(
        'section',
        { class: 'panel', attrs: { 'data-testid': 'lotto-results' } },
        h('h2', { text: `${t('results.title')} · ${nameOf(game.name, lang)}` }),
        answer.draws.length === 0
          ? h('p', { class: 'empty', text: t('results.empty') })
          : h(
              'ul',
              { class: 'list' },
              ...answer.draws.map((d) =>
                h(
                  'li',
                  { class: 'record', attrs: { 'data-testid': 'lotto-result-row' } },
                  h(
                    'div',
                    { class: 'head' },
                    h('strong', { text: t('draw.title', { number: d.drawNumber }) }),
                    h('span', { class: 'muted', text: timeText(d.drawsAt, lang, true) }),
                  ),
                  d.result
                    ? resultView(d.result, t, true)
                    : h('p', { class: 'muted', text: t(`slips.status.${d.status === 'void' ? 'void' : 'open'}`) }),
                  d.result ? verifyLink(d.drawId, t('results.verify'), t('results.verifyDraw', { number: d.drawNumber })) : null,
                ),
              ),
            ),
      ),
    );
  }

  // ---- start ---------------------------------------------------------------------------------
  async function start() {
    if (!boot.token) {
      showFatal('BAD_LAUNCH');
      return;
    }
    const opened = await api<Omit<LotterySessionAnswer, 'ok'>>(LOTTERY_PATHS.session, null, {
      vendor: boot.vendor,
      token: boot.token,
      ...(boot.game ? { game: boot.game } : {}),
    });
    if (!opened.ok) {
      showFatal(opened.code);
      return;
    }
    session = opened.session;
    symbol = opened.symbol;
    setBalance(BigInt(opened.balance));
    const list = await api<{ games: LotteryGameView[] }>(LOTTERY_PATHS.games, session);
    if (!list.ok) {
      showFatal(list.code);
      return;
    }
    const order = new Map(opened.games.map((code, index) => [code, index]));
    games = list.games.filter((g) => order.has(g.code)).sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0));
    if (games.length === 0) games = list.games;
    clear(root, header, tabList, panel);
    // The betting view without a (known) game bets on the launched vendor's first game.
    const vendorKind = VENDOR_KINDS[boot.vendor];
    const wanted =
      (boot.game ? games.find((g) => g.code === boot.game) : undefined) ??
      (boot.view === 'betting' ? (games.find((g) => g.kind === vendorKind) ?? games[0]) : undefined);
    if (wanted && boot.view === 'betting') await selectGame(wanted.code, 'bet');
    else {
      if (wanted) game = wanted;
      showTab('lobby');
      if (game) void loadDraw();
    }
  }

  function showFatal(code: string) {
    clear(
      root,
      h(
        'section',
        { class: 'panel' },
        h('p', { class: 'message error', text: errorText(t, code), attrs: { role: 'alert', 'data-testid': 'lotto-fatal' } }),
        boot.backUrl
          ? h('a', { class: 'primary', text: t('page.backLong'), attrs: { href: boot.backUrl, target: inFrame ? '_top' : null } })
          : null,
      ),
    );
  }

  void start();
}
