import type { BaccaratSide } from '../games/baccarat.ts';
import { FISH, FISH_MULTIPLIERS, type Fish } from '../games/fishing.ts';
import { type BaccaratKind, isBaccarat, isRoulette, type RouletteKind, rouletteWheel } from '../games/play-round.ts';
import { OUTSIDE_PICKS, POCKETS, pocketColour, pocketLabel, type RoulettePick } from '../games/roulette.ts';
import { api } from './api.ts';
import { type FairState, money, type PlayBoot, type Translate, toggleTheme, translator } from './boot.ts';
import { clear, h, motion, sleep } from './dom.ts';
import {
  baccaratSummary,
  baccaratTable,
  crashSummary,
  type GameOutcome,
  multiplierText,
  pickLabel,
  roulettePocket,
  rouletteSummary,
  slotGrid,
  slotWinLines,
  symbolCell,
  winningCells,
} from './views.ts';

/** A round as the game API answers it (http/house-plugin.ts roundView). */
export interface RoundView {
  roundId: string;
  game: PlayBoot['game'];
  bet: string;
  win: string;
  status: string;
  choices: { game: string; bet: string; side?: string; target?: string; pick?: string; fish?: string };
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  outcome: GameOutcome | null;
  createdAt: string;
}

interface GameView {
  stage: HTMLElement;
  controls: HTMLElement[];
  action: string;
  busy: string;
  /** Extra choices for the round (side, target); null after showing why they are not valid. */
  choices(): Record<string, string> | null;
  /** Animates the outcome; returns the lines to show under it. */
  show(round: RoundView, bet: bigint): Promise<string[]>;
  /** For games played by touching the stage (a fish): how the view starts a round itself. */
  bindPlay?(play: () => void): void;
}

export function startPlay(root: HTMLElement, boot: PlayBoot): void {
  const t = translator(boot.strings);
  const fmt = (minor: string | bigint) => money(minor, boot.symbol);
  let balance = BigInt(boot.balance);
  let fair: FairState = boot.fair;
  let busy = false;

  const balanceEl = h('output', { class: 'value', text: fmt(balance), attrs: { 'aria-live': 'polite', 'data-testid': 'house-balance' } });
  const lastWinEl = h('output', { class: 'value', text: fmt(0n), attrs: { 'data-testid': 'house-last-win' } });
  const messageEl = h('p', { class: 'message', attrs: { role: 'status', 'data-testid': 'house-message' } });
  const errorEl = h('p', { class: 'message error', attrs: { role: 'alert', 'data-testid': 'house-error' } });
  errorEl.hidden = true;

  const betSelect = h(
    'select',
    { attrs: { id: 'house-bet', 'data-testid': 'house-bet' } },
    ...boot.bets.map((b) => h('option', { text: fmt(b), attrs: { value: b } })),
  );
  const defaultBet = boot.bets.find((b) => BigInt(b) >= 100n) ?? boot.bets[0];
  if (defaultBet) betSelect.value = defaultBet;

  const view =
    boot.game === 'slot'
      ? slotView(boot, t, fmt)
      : isBaccarat(boot.game)
        ? baccaratView(t, boot.game)
        : isRoulette(boot.game)
          ? rouletteView(t, boot.game)
          : boot.game === 'fishing'
            ? fishingView(t)
            : crashView(boot, t, showError);
  const actionButton = h('button', {
    class: 'primary action',
    text: view.action,
    attrs: { type: 'button', 'data-testid': 'house-action' },
  });

  function showError(code: string | null) {
    errorEl.hidden = code === null;
    errorEl.textContent = code === null ? '' : t(`error.${code}` as Parameters<Translate>[0]) || t('error.BAD_REQUEST');
  }

  const setBalance = (value: bigint) => {
    balance = value;
    balanceEl.textContent = fmt(balance);
  };

  async function playOnce() {
    if (busy) return;
    const extra = view.choices();
    if (!extra) return;
    busy = true;
    showError(null);
    actionButton.disabled = true;
    actionButton.textContent = view.busy;
    messageEl.textContent = '';
    const bet = betSelect.value;
    try {
      const answer = await api<{ round: RoundView; balance: string; winPending: boolean; fair: FairState }>('round', boot.session, {
        game: boot.game,
        bet,
        ...extra,
      });
      if (!answer.ok) {
        if (answer.balance !== undefined) setBalance(BigInt(answer.balance));
        showError(answer.code);
        return;
      }
      // The stake leaves at once; the win shows when the animation lands.
      setBalance(balance - BigInt(bet));
      const lines = await view.show(answer.round, BigInt(bet));
      const win = BigInt(answer.round.win);
      lines.push(win > 0n ? t('result.win', { amount: fmt(win) }) : t('result.noWin'));
      if (answer.winPending) lines.push(t('result.pending'));
      messageEl.textContent = lines.join(' · ');
      messageEl.classList.toggle('won', win > 0n);
      lastWinEl.textContent = fmt(win);
      setBalance(BigInt(answer.balance));
      fair = answer.fair;
      renderFair();
      void refreshHistory();
    } finally {
      busy = false;
      actionButton.disabled = false;
      actionButton.textContent = view.action;
    }
  }
  actionButton.addEventListener('click', () => void playOnce());
  view.bindPlay?.(() => void playOnce());

  // Provably fair panel: the committed hash, the client seed (changeable), the next nonce, the player's rounds.
  const hashEl = h('code', { class: 'hash', attrs: { 'data-testid': 'house-server-seed-hash' } });
  const nonceEl = h('output', { attrs: { 'data-testid': 'house-nonce' } });
  const seedInput = h('input', {
    attrs: { id: 'house-client-seed', type: 'text', maxlength: 64, autocomplete: 'off', spellcheck: 'false' },
  });
  const revealedEl = h('p', { class: 'revealed', attrs: { 'data-testid': 'house-revealed-seed' } });
  const historyEl = h('div', { class: 'history', attrs: { 'data-testid': 'house-history' } });
  const rotateButton = h('button', {
    class: 'secondary',
    text: t('fair.rotate'),
    attrs: { type: 'button', 'data-testid': 'house-rotate' },
  });

  function renderFair() {
    hashEl.textContent = fair.serverSeedHash;
    nonceEl.textContent = String(fair.nonce);
    if (document.activeElement !== seedInput) seedInput.value = fair.clientSeed;
  }

  rotateButton.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    rotateButton.disabled = true;
    try {
      const answer = await api<{ revealed: { serverSeed: string; serverSeedHash: string }; fair: FairState }>('seed', boot.session, {
        clientSeed: seedInput.value.trim(),
      });
      if (!answer.ok) {
        showError(answer.code);
        return;
      }
      showError(null);
      revealedEl.textContent = t('fair.revealed', { seed: answer.revealed.serverSeed });
      fair = answer.fair;
      seedInput.blur();
      renderFair();
      void refreshHistory();
    } finally {
      busy = false;
      rotateButton.disabled = false;
    }
  });

  function verifyHref(round: RoundView): string {
    const q = new URLSearchParams({
      lang: boot.lang,
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      game: round.game,
      bet: round.choices.bet,
    });
    if (round.serverSeed) q.set('serverSeed', round.serverSeed);
    if (round.choices.side) q.set('side', round.choices.side);
    if (round.choices.target) q.set('target', round.choices.target);
    if (round.choices.pick) q.set('pick', round.choices.pick);
    if (round.choices.fish) q.set('pick', round.choices.fish);
    return `/house/verify?${q.toString()}`;
  }

  async function refreshHistory() {
    const answer = await api<{ rounds: RoundView[] }>('history', boot.session);
    if (!answer.ok) return;
    if (answer.rounds.length === 0) {
      clear(historyEl, h('p', { class: 'empty', text: t('fair.historyEmpty') }));
      return;
    }
    const head = h(
      'tr',
      {},
      ...[t('fair.round'), t('page.bet'), t('page.win'), t('verify.nonce'), ''].map((text) => h('th', { text, attrs: { scope: 'col' } })),
    );
    const rows = answer.rounds.map((r) =>
      h(
        'tr',
        { attrs: { 'data-round': r.roundId } },
        h(
          'td',
          {},
          h('span', { class: 'round-id', text: r.roundId.slice(1, 9) }),
          h('small', { text: t(`fair.status.${r.status}` as Parameters<Translate>[0]) }),
        ),
        h('td', { text: fmt(r.bet) }),
        h('td', { text: fmt(r.win) }),
        h('td', { text: String(r.nonce) }),
        h(
          'td',
          {},
          r.outcome
            ? h('a', {
                text: t('fair.verify'),
                attrs: { href: verifyHref(r), target: '_blank', rel: 'noopener', title: r.serverSeed ? '' : t('fair.hidden') },
              })
            : null,
        ),
      ),
    );
    clear(historyEl, h('table', {}, h('thead', {}, head), h('tbody', {}, ...rows)));
  }

  // Inside the site's game page (an iframe) the site shows its own way back; a second arrow would only confuse.
  const back =
    boot.backUrl && window.top === window
      ? h('a', { class: 'icon-button', text: '←', attrs: { href: boot.backUrl, 'aria-label': t('page.back'), title: t('page.back') } })
      : null;
  const header = h(
    'header',
    { class: 'house-header' },
    back,
    boot.image ? h('img', { class: 'art', attrs: { src: boot.image, alt: '', width: 56, height: 56, decoding: 'async' } }) : null,
    h(
      'div',
      { class: 'title' },
      h('h1', { text: boot.gameName }),
      h(
        'p',
        {},
        h('span', { text: `${boot.vendor} · ${t(`game.${boot.game}`)}` }),
        ' ',
        h('span', { class: `badge ${boot.mode}`, text: boot.mode === 'demo' ? t('page.demo') : t('page.real') }),
      ),
    ),
    h('button', {
      class: 'icon-button',
      text: '◐',
      attrs: { type: 'button', 'aria-label': t('page.theme'), title: t('page.theme') },
      on: { click: () => toggleTheme() },
    }),
  );

  const controls = h(
    'section',
    { class: 'controls' },
    h('div', { class: 'stat' }, h('span', { class: 'label', text: t('page.balance') }), balanceEl),
    h('div', { class: 'stat' }, h('span', { class: 'label', text: t('page.lastWin') }), lastWinEl),
    boot.displayName
      ? h(
          'div',
          { class: 'stat' },
          h('span', { class: 'label', text: t('page.player') }),
          h('span', { class: 'name', text: boot.displayName }),
        )
      : null,
    h('div', { class: 'field' }, h('label', { text: t('page.bet'), attrs: { for: 'house-bet' } }), betSelect),
    ...view.controls,
    actionButton,
  );

  const fairPanel = h(
    'details',
    { class: 'fair' },
    h('summary', { text: t('fair.title') }),
    h('p', { class: 'explain', text: t('fair.explain') }),
    h('dl', {}, h('dt', { text: t('fair.serverSeedHash') }), h('dd', {}, hashEl), h('dt', { text: t('fair.nonce') }), h('dd', {}, nonceEl)),
    h('div', { class: 'field' }, h('label', { text: t('fair.clientSeed'), attrs: { for: 'house-client-seed' } }), seedInput),
    rotateButton,
    revealedEl,
    h('h2', { text: t('fair.history') }),
    historyEl,
  );

  clear(root, header, view.stage, controls, errorEl, messageEl, fairPanel);
  root.dataset.game = boot.game;
  // Each title gets its own frame colour next to its art, so two slots of the catalogue do not look the same.
  let hue = 0;
  for (const ch of `${boot.vendor}/${boot.gameCode}`) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  root.style.setProperty('--title-hue', String(hue));
  renderFair();
  void refreshHistory();
  // Back in the tab (a deposit elsewhere, another game): ask the wallet for the balance again.
  document.addEventListener('visibilitychange', async () => {
    if (document.visibilityState !== 'visible' || busy) return;
    const answer = await api<{ balance: string }>('balance', boot.session);
    if (answer.ok && !busy) setBalance(BigInt(answer.balance));
    else if (!answer.ok && answer.code === 'SESSION_EXPIRED') showError(answer.code);
  });
  // Space anywhere but a control plays a round.
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (event.key !== ' ' || ['INPUT', 'SELECT', 'BUTTON', 'A', 'SUMMARY', 'TEXTAREA'].includes(target.tagName)) return;
    event.preventDefault();
    void playOnce();
  });
}

function slotView(boot: PlayBoot, t: Translate, fmt: (minor: string | bigint) => string): GameView {
  const { symbols, paylines, scatterPays } = boot.slot;
  const idle = {
    grid: [0, 1, 2, 3, 4].map((reel) => [(reel + 2) % 10, (reel + 5) % 10, (reel + 7) % 10].map((s) => (s === 0 && reel === 0 ? 5 : s))),
  };
  const board = h('div', { class: 'board' }, slotGrid(symbols, idle, new Set(), t));
  const banner = h('p', { class: 'banner', attrs: { 'data-testid': 'house-free-spins' } });
  banner.hidden = true;
  const payRows = Object.entries(boot.slot.linePays).map(([symbol, pays]) =>
    h(
      'tr',
      {},
      h('th', { attrs: { scope: 'row' } }, symbolCell(symbols, Number(symbol), t)),
      ...pays.map((p) => h('td', { text: `×${p}` })),
    ),
  );
  // Scatters pay the total bet (20 line bets) anywhere in view.
  payRows.push(
    h(
      'tr',
      {},
      h('th', { attrs: { scope: 'row' } }, symbolCell(symbols, 1, t)),
      ...scatterPays.map((p) => h('td', { text: `×${p * 20}` })),
    ),
  );
  const payTable = h(
    'details',
    { class: 'pay-table' },
    h('summary', { text: t('slot.payTable') }),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, h('td', {}), ...['3', '4', '5'].map((n) => h('th', { text: n, attrs: { scope: 'col' } })))),
      h('tbody', {}, ...payRows),
    ),
  );
  const stage = h(
    'section',
    { class: 'stage slot', attrs: { 'aria-label': t('game.slot') } },
    board,
    banner,
    h('p', { class: 'rules', text: t('slot.paylines') }),
    payTable,
  );

  async function animate(final: { grid: number[][] }, winning: Set<string>) {
    const steps = motion(480) / 60;
    for (let i = 0; i < steps; i++) {
      const grid = [0, 1, 2, 3, 4].map((reel) =>
        // Reels stop one after another: a stopped reel shows its final symbols.
        i > steps * (0.4 + reel * 0.12) ? (final.grid[reel] ?? []) : [0, 1, 2].map(() => 2 + Math.floor(Math.random() * 8)),
      );
      clear(board, slotGrid(symbols, { grid }, new Set(), t));
      await sleep(60);
    }
    clear(board, slotGrid(symbols, final, winning, t));
  }

  return {
    stage,
    controls: [],
    action: t('slot.spin'),
    busy: t('slot.spinning'),
    choices: () => ({}),
    async show(round, bet) {
      if (round.outcome?.game !== 'slot') return [];
      const { base, freeSpins } = round.outcome.result;
      banner.hidden = true;
      await animate(base, winningCells(base, paylines));
      const lines = slotWinLines(base, bet, symbols, t, (m) => fmt(m), scatterPays);
      if (freeSpins.length > 0) {
        banner.hidden = false;
        banner.textContent = t('slot.freeSpinsWon', { count: base.scatterCount, spins: freeSpins.length });
        await sleep(motion(900));
        let total = 0;
        for (const [i, spin] of freeSpins.entries()) {
          banner.textContent = t('slot.freeSpinOf', { n: i + 1, total: freeSpins.length });
          await animate(spin, winningCells(spin, paylines));
          total += spin.units;
          await sleep(motion(spin.units > 0 ? 500 : 200));
        }
        banner.textContent = `${t('slot.freeSpins')}: ${fmt((bet * BigInt(total)) / 20n)}`;
      }
      return lines;
    },
  };
}

function baccaratView(t: Translate, game: BaccaratKind): GameView {
  const pays = game === 'baccarat' ? 'baccarat.pays' : 'baccarat.paysNoCommission';
  const sides: BaccaratSide[] = ['PLAYER', 'BANKER', 'TIE'];
  let side: BaccaratSide = 'PLAYER';
  const radios = sides.map((s) => {
    const input = h('input', { attrs: { type: 'radio', name: 'house-side', value: s, id: `house-side-${s}`, checked: s === side } });
    input.addEventListener('change', () => {
      side = s;
    });
    return h('label', { class: 'chip', attrs: { for: `house-side-${s}` } }, input, h('span', { text: t(`baccarat.${s}`) }));
  });
  const picker = h('fieldset', { class: 'field sides' }, h('legend', { text: t('baccarat.side') }), ...radios);
  const tableEl = h('div', { class: 'felt' }, h('p', { class: 'rules', text: t(pays) }));
  const stage = h(
    'section',
    { class: 'stage baccarat', attrs: { 'aria-label': t(`game.${game}`) } },
    tableEl,
    h('p', { class: 'rules', text: t('baccarat.dealer') }),
  );
  return {
    stage,
    controls: [picker],
    action: t('baccarat.deal'),
    busy: t('baccarat.dealing'),
    choices: () => ({ side }),
    async show(round) {
      if (!round.outcome || !isBaccarat(round.outcome.game) || !('side' in round.outcome)) return [];
      const result = round.outcome.result;
      const cards = result.player.length + result.banker.length;
      for (let visible = 0; visible <= cards; visible++) {
        clear(tableEl, baccaratTable(result, t, visible));
        await sleep(motion(visible < cards ? 320 : 0));
      }
      clear(tableEl, baccaratTable(result, t), h('p', { class: 'rules', text: t(pays) }));
      return [baccaratSummary(result, t)];
    },
  };
}

function rouletteView(t: Translate, game: RouletteKind): GameView {
  const wheel = rouletteWheel(game);
  let pick: RoulettePick = 'red';
  const select = h(
    'select',
    { attrs: { id: 'house-pick', 'data-testid': 'house-pick' } },
    h(
      'optgroup',
      { attrs: { label: t('roulette.outside') } },
      ...OUTSIDE_PICKS.map((p) => h('option', { text: t(`roulette.pick.${p}`), attrs: { value: p } })),
    ),
    h(
      'optgroup',
      { attrs: { label: t('roulette.number') } },
      ...Array.from({ length: POCKETS[wheel] }, (_, n) => h('option', { text: pocketLabel(n), attrs: { value: `n${n}` } })),
    ),
  );
  select.value = pick;
  select.addEventListener('change', () => {
    pick = select.value as RoulettePick;
  });
  const field = h('div', { class: 'field' }, h('label', { text: t('roulette.pick'), attrs: { for: 'house-pick' } }), select);
  const result = h('div', { class: 'pocket-slot', attrs: { 'data-testid': 'house-pocket' } }, roulettePocket(null, t));
  // A strip of the last results, newest first, as tables show them.
  const last = h('ol', { class: 'last-pockets', attrs: { 'aria-label': t('fair.history') } });
  const stage = h(
    'section',
    { class: 'stage roulette', attrs: { 'aria-label': t(`game.${game}`) } },
    h('div', { class: 'wheel', attrs: { role: 'group', 'aria-label': t('roulette.wheel') } }, result),
    last,
    h('p', { class: 'rules', text: t(wheel === 'european' ? 'roulette.rulesEuropean' : 'roulette.rulesAmerican') }),
  );
  return {
    stage,
    controls: [field],
    action: t('roulette.spin'),
    busy: t('roulette.spinning'),
    choices: () => ({ pick }),
    async show(round) {
      if (!round.outcome || !isRoulette(round.outcome.game) || !('pick' in round.outcome)) return [];
      const { pocket } = round.outcome.result;
      // The ball passes a few pockets before it settles on the drawn one.
      const steps = Math.round(motion(1200) / 80);
      for (let i = 0; i < steps; i++) {
        clear(result, roulettePocket(Math.floor(Math.random() * POCKETS[wheel]), t));
        await sleep(80);
      }
      clear(result, roulettePocket(pocket, t));
      last.prepend(h('li', { class: `pocket small ${pocketColour(pocket)}`, text: pocketLabel(pocket) }));
      while (last.children.length > 12) last.lastElementChild?.remove();
      return [rouletteSummary(round.outcome.result, t), pickLabel(round.outcome.pick, t)];
    },
  };
}

function fishingView(t: Translate): GameView {
  let aim: Fish = 'clownfish';
  let play: () => void = () => {};
  const fishName = (fish: Fish) => t(`fishing.fish.${fish}`);
  const select = h(
    'select',
    { attrs: { id: 'house-fish', 'data-testid': 'house-fish' } },
    ...FISH.map((f) => h('option', { text: `${fishName(f)} ×${FISH_MULTIPLIERS[f]}`, attrs: { value: f } })),
  );
  select.addEventListener('change', () => {
    aim = select.value as Fish;
    mark();
  });
  // Each fish swims its own lane at its own pace; touching (or Enter on) a fish aims at it and shoots.
  const buttons = FISH.map((fish, i) =>
    h(
      'button',
      {
        class: `fish fish-${fish}`,
        attrs: {
          type: 'button',
          'aria-label': t('fishing.shootAt', { fish: fishName(fish), m: FISH_MULTIPLIERS[fish] }),
          'data-fish': fish,
          style: `--lane:${i};--speed:${7 + ((i * 5) % 9)}s;--delay:-${(i * 1.7).toFixed(1)}s`,
        },
        on: {
          click: () => {
            aim = fish;
            select.value = fish;
            mark();
            play();
          },
        },
      },
      h('span', { class: 'body', attrs: { 'aria-hidden': 'true' } }),
      h('span', { class: 'mult', text: `×${FISH_MULTIPLIERS[fish]}`, attrs: { 'aria-hidden': 'true' } }),
    ),
  );
  const mark = () => {
    for (const b of buttons) b.classList.toggle('aimed', b.dataset.fish === aim);
  };
  mark();
  const pond = h('div', { class: 'pond', attrs: { role: 'group', 'aria-label': t('fishing.pond') } }, ...buttons);
  const stage = h(
    'section',
    { class: 'stage fishing', attrs: { 'aria-label': t('game.fishing') } },
    pond,
    h('p', { class: 'rules', text: t('fishing.rules') }),
  );
  const field = h('div', { class: 'field' }, h('label', { text: t('fishing.aim'), attrs: { for: 'house-fish' } }), select);
  return {
    stage,
    controls: [field],
    action: t('fishing.shoot'),
    busy: t('fishing.shooting'),
    choices: () => ({ fish: aim }),
    bindPlay(start) {
      play = start;
    },
    async show(round) {
      if (round.outcome?.game !== 'fishing') return [];
      const { fish, multiplier, caught } = round.outcome.result;
      const button = buttons.find((b) => b.dataset.fish === fish);
      button?.classList.add('hit', caught ? 'caught' : 'missed');
      await sleep(motion(700));
      button?.classList.remove('hit', 'caught', 'missed');
      return [caught ? t('fishing.caught', { fish: fishName(fish), m: multiplier }) : t('fishing.missed', { fish: fishName(fish) })];
    },
  };
}

function crashView(boot: PlayBoot, t: Translate, showError: (code: string | null) => void): GameView {
  const input = h('input', {
    attrs: {
      id: 'house-target',
      type: 'text',
      inputmode: 'decimal',
      value: '2.00',
      size: 7,
      autocomplete: 'off',
      'data-testid': 'house-target',
    },
  });
  const field = h('div', { class: 'field' }, h('label', { text: t('crash.target'), attrs: { for: 'house-target' } }), input);
  const meter = h('p', { class: 'multiplier', text: multiplierText(100), attrs: { 'data-testid': 'house-multiplier' } });
  const rocket = h('div', { class: 'rocket', attrs: { 'aria-hidden': 'true' } });
  const sky = h('div', { class: 'sky' }, rocket, meter);
  const stage = h(
    'section',
    { class: 'stage crash', attrs: { 'aria-label': t('game.crash') } },
    sky,
    h('p', { class: 'rules', text: t('crash.rules') }),
  );
  return {
    stage,
    controls: [field],
    action: t('crash.start'),
    busy: t('crash.flying'),
    choices() {
      const text = input.value.trim().replace(',', '.');
      const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text);
      const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
      if (hundredths < Number(boot.crash.min) * 100 || hundredths > Number(boot.crash.max) * 100) {
        showError('BAD_TARGET');
        input.focus();
        return null;
      }
      return { target: text };
    },
    async show(round) {
      if (round.outcome?.game !== 'crash') return [];
      const result = round.outcome.result;
      sky.classList.remove('crashed', 'cashed');
      // Growth like the real thing (e^(kt)), capped at about 3.5 s however high it flies.
      const end = Math.log(result.crashPoint / 100);
      const duration = motion(Math.min(3500, 600 + end * 900));
      const started = performance.now();
      for (;;) {
        const p = Math.min(1, (performance.now() - started) / duration);
        const value = Math.max(100, Math.floor(100 * Math.exp(end * p)));
        meter.textContent = multiplierText(p >= 1 ? result.crashPoint : value);
        rocket.style.transform = `translate(${p * 70}%, ${-p * 60}%)`;
        if (result.cashedOut && value >= result.target) sky.classList.add('cashed');
        if (p >= 1) break;
        await sleep(30);
      }
      sky.classList.add('crashed');
      return crashSummary(result, t);
    },
  };
}
