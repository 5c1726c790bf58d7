import { BACCARAT_SIDES } from '../games/baccarat.ts';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET } from '../games/crash.ts';
import { parseFish } from '../games/fishing.ts';
import {
  type CheckedChoices,
  GAME_KINDS,
  type GameKind,
  type GameOutcome,
  isBaccarat,
  isRoulette,
  playRound,
  rouletteWheel,
} from '../games/play-round.ts';
import { parseRoulettePick } from '../games/roulette.ts';
import { api } from './api.ts';
import { money, type Translate, toggleTheme, translator, type VerifyBoot } from './boot.ts';
import { clear, h } from './dom.ts';
import { hasWebCrypto, replayRound, sha256Hex } from './fair-browser.ts';
import {
  baccaratSummary,
  baccaratTable,
  cardLabel,
  crashSummary,
  pickLabel,
  roulettePocket,
  rouletteSummary,
  slotGrid,
  slotWinLines,
  winningCells,
} from './views.ts';

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** Recomputes a round from its seeds and nonce, in this browser, with the games' own code. */
export function startVerify(root: HTMLElement, boot: VerifyBoot): void {
  const t = translator(boot.strings);
  const fmt = (minor: bigint) => money(minor, '');
  const p = boot.prefill;

  const field = (id: string, label: Parameters<Translate>[0], control: HTMLElement) =>
    h('div', { class: 'field' }, h('label', { text: t(label), attrs: { for: id } }), control);
  const text = (id: string, value: string, extra: Record<string, string | number> = {}) =>
    h('input', { attrs: { id, name: id, type: 'text', value, autocomplete: 'off', spellcheck: 'false', ...extra } });

  const serverSeed = text('serverSeed', p.serverSeed, { maxlength: 64 });
  const serverSeedHash = text('serverSeedHash', p.serverSeedHash, { maxlength: 64 });
  const clientSeed = text('clientSeed', p.clientSeed, { maxlength: 64 });
  const nonce = text('nonce', p.nonce || '0', { inputmode: 'numeric', maxlength: 15 });
  const game = h(
    'select',
    { attrs: { id: 'game', name: 'game' } },
    ...GAME_KINDS.map((g) => h('option', { text: t(`game.${g}`), attrs: { value: g } })),
  );
  game.value = (GAME_KINDS as readonly string[]).includes(p.game) ? p.game : 'slot';
  const bet = text('bet', p.bet || '100', { inputmode: 'numeric', maxlength: 15 });
  const side = h(
    'select',
    { attrs: { id: 'side', name: 'side' } },
    ...BACCARAT_SIDES.map((s) => h('option', { text: t(`baccarat.${s}`), attrs: { value: s } })),
  );
  side.value = (BACCARAT_SIDES as readonly string[]).includes(p.side) ? p.side : 'PLAYER';
  const target = text('target', p.target || '2.00', { inputmode: 'decimal', maxlength: 7 });
  const pick = text('pick', p.pick || 'red', { maxlength: 10 });
  const sideField = field('side', 'verify.side', side);
  const targetField = field('target', 'verify.target', target);
  const pickField = field('pick', 'verify.pick', pick);
  const syncFields = () => {
    sideField.hidden = !isBaccarat(game.value);
    targetField.hidden = game.value !== 'crash';
    pickField.hidden = !isRoulette(game.value) && game.value !== 'fishing';
  };
  game.addEventListener('change', syncFields);
  syncFields();

  const output = h('section', { class: 'verify-result', attrs: { 'aria-live': 'polite', 'data-testid': 'verify-result' } });
  const form = h(
    'form',
    { class: 'verify-form', attrs: { novalidate: true } },
    field('serverSeed', 'verify.serverSeed', serverSeed),
    field('serverSeedHash', 'verify.serverSeedHash', serverSeedHash),
    field('clientSeed', 'verify.clientSeed', clientSeed),
    field('nonce', 'verify.nonce', nonce),
    field('game', 'verify.game', game),
    field('bet', 'verify.bet', bet),
    sideField,
    targetField,
    pickField,
    h('button', { class: 'primary', text: t('verify.compute'), attrs: { type: 'submit', 'data-testid': 'verify-compute' } }),
  );

  const fail = (message: string) => clear(output, h('p', { class: 'message error', text: message, attrs: { role: 'alert' } }));

  async function compute() {
    const seed = serverSeed.value.trim().toLowerCase();
    if (!SERVER_SEED.test(seed)) return fail(t('verify.badSeed'));
    if (!CLIENT_SEED.test(clientSeed.value.trim())) return fail(t('error.BAD_CLIENT_SEED'));
    if (!/^\d{1,15}$/.test(nonce.value.trim())) return fail(t('verify.badNonce'));
    if (!/^\d{1,15}$/.test(bet.value.trim())) return fail(t('error.BAD_BET'));
    const kind = game.value as GameKind;
    const stake = BigInt(bet.value.trim());
    let choices: CheckedChoices;
    if (kind === 'crash') {
      const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(target.value.trim());
      const hundredths = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : 0;
      if (hundredths < CRASH_MIN_TARGET || hundredths > CRASH_MAX_TARGET) return fail(t('error.BAD_TARGET'));
      choices = { game: 'crash', bet: stake, target: hundredths };
    } else if (isBaccarat(kind)) choices = { game: kind, bet: stake, side: side.value as (typeof BACCARAT_SIDES)[number] };
    else if (isRoulette(kind)) {
      const checked = parseRoulettePick(rouletteWheel(kind), pick.value.trim());
      if (!checked) return fail(t('error.BAD_PICK'));
      choices = { game: kind, bet: stake, pick: checked };
    } else if (kind === 'fishing') {
      const fish = parseFish(pick.value.trim());
      if (!fish) return fail(t('error.BAD_PICK'));
      choices = { game: 'fishing', bet: stake, fish };
    } else choices = { game: 'slot', bet: stake };

    let hash: string;
    let outcome: GameOutcome;
    let win: bigint;
    if (hasWebCrypto()) {
      hash = await sha256Hex(seed);
      ({ outcome, win } = await replayRound(seed, clientSeed.value.trim(), Number(nonce.value.trim()), (source) =>
        playRound(source, choices),
      ));
    } else {
      // Plain-HTTP pages have no WebCrypto: the house computes it with the same code.
      const answer = await api<{ serverSeedHash: string; outcome: GameOutcome; win: string }>('verify', null, {
        serverSeed: seed,
        clientSeed: clientSeed.value.trim(),
        nonce: Number(nonce.value.trim()),
        choices: {
          game: kind,
          bet: bet.value.trim(),
          side: side.value,
          target: target.value.trim(),
          pick: pick.value.trim(),
          fish: pick.value.trim(),
        },
      });
      if (!answer.ok) return fail(t(`error.${answer.code}` as Parameters<Translate>[0]));
      hash = answer.serverSeedHash;
      outcome = answer.outcome;
      win = BigInt(answer.win);
    }

    const given = serverSeedHash.value.trim().toLowerCase();
    const hashLine = given
      ? h('p', {
          class: `message ${given === hash ? 'won' : 'error'}`,
          text: t(given === hash ? 'verify.hashMatches' : 'verify.hashMismatch'),
          attrs: { 'data-testid': 'verify-hash-check', 'data-match': String(given === hash) },
        })
      : null;
    const lines: (HTMLElement | null)[] = [hashLine, h('p', { class: 'hash', text: t('verify.hashComputed', { hash }) })];
    lines.push(h('h2', { text: t('verify.outcome') }));
    if (outcome.game === 'slot') {
      const { base, freeSpins, totalUnits } = outcome.result;
      lines.push(h('div', { class: 'board' }, slotGrid(boot.slot.symbols, base, winningCells(base, []), t)));
      lines.push(h('p', { text: t('verify.stops', { stops: base.stops.join(', ') }) }));
      for (const line of slotWinLines(base, stake, boot.slot.symbols, t, fmt, [2, 10, 25])) lines.push(h('p', { text: line }));
      if (freeSpins.length > 0) lines.push(h('p', { text: t('verify.freeSpins', { count: freeSpins.length }) }));
      lines.push(h('p', { class: 'units', text: `Σ ${totalUnits} / 20`, attrs: { 'data-testid': 'verify-units' } }));
    } else if (isRoulette(outcome.game) && 'pick' in outcome) {
      lines.push(h('div', { class: 'wheel' }, roulettePocket(outcome.result.pocket, t)));
      lines.push(h('p', { text: rouletteSummary(outcome.result, t) }));
      lines.push(h('p', { text: pickLabel(outcome.pick, t) }));
    } else if (isBaccarat(outcome.game) && 'side' in outcome) {
      const r = outcome.result;
      lines.push(h('div', { class: 'felt' }, baccaratTable(r, t)));
      lines.push(
        h('p', { text: t('verify.cards', { player: r.player.map(cardLabel).join(' '), banker: r.banker.map(cardLabel).join(' ') }) }),
      );
      lines.push(h('p', { text: baccaratSummary(r, t) }));
    } else if (outcome.game === 'fishing') {
      const r = outcome.result;
      const fish = t(`fishing.fish.${r.fish}`);
      lines.push(h('p', { text: r.caught ? t('fishing.caught', { fish, m: r.multiplier }) : t('fishing.missed', { fish }) }));
    } else if (outcome.game === 'crash') {
      for (const line of crashSummary(outcome.result, t)) lines.push(h('p', { text: line }));
    }
    lines.push(
      h('p', {
        class: 'message won',
        text: t('verify.win', { amount: fmt(win) }),
        attrs: { 'data-testid': 'verify-win', 'data-win': win.toString() },
      }),
    );
    clear(output, ...lines);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void compute();
  });

  const header = h(
    'header',
    { class: 'house-header' },
    boot.backUrl
      ? h('a', { class: 'icon-button', text: '←', attrs: { href: boot.backUrl, 'aria-label': t('page.back'), title: t('page.back') } })
      : null,
    h('div', { class: 'title' }, h('h1', { text: t('verify.title') }), h('p', { text: t('verify.intro') })),
    h('button', {
      class: 'icon-button',
      text: '◐',
      attrs: { type: 'button', 'aria-label': t('page.theme'), title: t('page.theme') },
      on: { click: () => toggleTheme() },
    }),
  );
  clear(root, header, form, output);
  if (SERVER_SEED.test(p.serverSeed.trim().toLowerCase())) void compute();
}
