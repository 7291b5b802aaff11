// The replay page of one deal: a self-contained HTML file (inline CSS and script, nothing fetched) that
// draws the four piles as cards and steps through the solver's solution with buttons and keys.

import { type Deal, cardName } from '../core/game/cards.ts';
import { describeGameMove, formatMove } from '../core/game/notation.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import type { MaxDiscardsMode, SolveResult } from '../core/search/solve.ts';
import { bestLine } from './best-line.ts';
import { replayWords } from '../core/verdict-text.ts';
import { escapeHtml, pageHead } from './html.ts';

/** One variant × rule of the deal as the page shows it. */
export interface PageGame {
  variant: Variant;
  /** The discard rule (`discards`, as in `solve --json`). */
  discards: DiscardRule;
  result: 'won' | 'lost' | 'unknown';
  /** Max discards: equal bounds when exact (48 for a win). */
  lower: number;
  upper: number;
  states: number;
  maxStates: number;
  maxDiscardsMode: MaxDiscardsMode;
  /** The moves shown, in the solver's notation (`deal`, `remove 7S`, `move 5H 1`): the solution of a won deal,
   *  else the best line found by best-line.ts. */
  moves: string[];
  /** The same moves as the solver prints them for people (`remove 7♠`, `move 5♥ to pile 1`). */
  labels: string[];
  /** For a deal not won: what the search for a best line found (null for a won deal). */
  line: { discards: number; reached: boolean; positions: number; target: number } | null;
  /** The verdict line shown above the table, and the note below it (empty for a won deal): core/verdict-text.ts. */
  verdict: string;
  note: string;
}

/** The solve results of one deal, gathered while `acesup solve --html` runs. */
export class DealPageGames {
  deal: Deal | undefined;
  /** How many deals were given (the page is of one deal). */
  deals = 0;
  readonly games: PageGame[] = [];

  addDeal(deal: Deal): void {
    this.deals += 1;
    this.deal ??= deal;
  }

  add(variant: Variant, rule: DiscardRule, result: SolveResult, maxStates: number, maxDiscardsMode: MaxDiscardsMode): void {
    if (this.deals > 1) return;
    this.games.push(withWords(gameOf(this.deal!, variant, rule, result, maxStates, maxDiscardsMode)));
  }
}

/** A rule set's verdict with its words. */
function withWords(game: Omit<PageGame, 'verdict' | 'note'>): PageGame {
  const { line, note } = replayWords({ ...game, bounds: game.maxDiscardsMode === 'bounds', moves: game.moves.length });
  return { ...game, verdict: `${game.variant} · ${game.discards} discards: ${line}`, note };
}

/** A rule set as the page shows it: the solution of a won deal, else the best line found. */
function gameOf(
  deal: Deal,
  variant: Variant,
  rule: DiscardRule,
  result: SolveResult,
  maxStates: number,
  maxDiscardsMode: MaxDiscardsMode,
): Omit<PageGame, 'verdict' | 'note'> {
  if (result.result === 'won') {
    return {
      variant,
      discards: rule,
      result: result.result,
      states: result.states,
      maxStates,
      maxDiscardsMode,
      lower: 48,
      upper: 48,
      moves: result.solution.map(formatMove),
      labels: result.solution.map(describeGameMove),
      line: null,
    };
  }
  // A lost deal's max lies in lower…upper; an unknown one's best known line discards `lower`.
  const target = result.result === 'lost' ? result.upper : result.lower;
  const line = bestLine(deal, variant, rule, target);
  return {
    variant,
    discards: rule,
    result: result.result,
    states: result.states,
    maxStates,
    maxDiscardsMode,
    lower: result.lower,
    upper: result.upper,
    moves: line.moves.map(formatMove),
    labels: line.moves.map(describeGameMove),
    line: { discards: line.discards, reached: line.reached, positions: line.positions, target },
  };
}

const STYLE = `
:root { color-scheme: light; --felt: #1f6e43; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 0; color: #222; background: #f4f4f0; }
header { padding: .8rem 1.2rem .4rem; }
h1 { font-size: 1.25rem; margin: 0 0 .3rem; }
.deal { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .78rem; color: #555; word-break: break-all; }
nav.games { display: flex; flex-wrap: wrap; gap: .4rem; padding: .3rem 1.2rem; }
nav.games button { font: inherit; font-size: .85rem; padding: .3rem .7rem; border: 1px solid #bbb; border-radius: 1rem; background: #fff; cursor: pointer; }
nav.games button[aria-selected="true"] { background: #222; color: #fff; border-color: #222; }
main { display: flex; flex-wrap: wrap; gap: 1.2rem; padding: .6rem 1.2rem 1.2rem; align-items: flex-start; }
.table { background: var(--felt); border-radius: 12px; padding: 14px; min-width: 520px; max-width: 640px; box-shadow: inset 0 0 30px rgba(0,0,0,.25); }
#verdict { color: #fff; font-weight: 600; margin: 0 0 .6rem; font-size: .95rem; }
#note { color: #e9f3ec; font-size: .82rem; margin: -.3rem 0 .6rem; max-width: 34rem; }
.row { display: flex; gap: 14px; align-items: flex-start; }
#piles { display: flex; gap: 14px; }
.pile { width: 84px; min-height: 128px; border: 2px dashed rgba(255,255,255,.35); border-radius: 8px; padding: 0; position: relative; }
.pile-name { color: #cfe6d6; font-size: .72rem; text-align: center; margin-top: 4px; }
.card { width: 80px; height: 112px; border-radius: 7px; background: #fff; border: 1px solid #999; box-shadow: 0 1px 2px rgba(0,0,0,.35);
  position: relative; font-weight: 700; font-size: 20px; line-height: 1; padding: 5px 6px; user-select: none; }
.card + .card { margin-top: -84px; }
.card .corner { display: block; }
.card .pip { position: absolute; right: 8px; bottom: 6px; font-size: 36px; }
.card.red { color: #c8102e; }
.card.black { color: #111; }
.card.last { outline: 3px solid #ffd54a; outline-offset: -1px; }
.side { display: flex; flex-direction: column; gap: 10px; color: #fff; font-size: .85rem; }
.stock { width: 80px; height: 112px; border-radius: 7px; border: 1px solid #333; background: repeating-linear-gradient(45deg, #2a4d8f 0 6px, #355fb0 6px 12px);
  color: #fff; display: flex; align-items: center; justify-content: center; font-size: 26px; font-weight: 700; text-shadow: 0 1px 2px #000; }
.stock.empty { background: transparent; border: 2px dashed rgba(255,255,255,.35); }
#discard-pile { display: flex; flex-wrap: wrap; gap: 2px; max-width: 520px; margin-top: 12px; min-height: 24px; }
#discard-pile .mini { background: #fff; border-radius: 3px; font-size: 11px; font-weight: 700; padding: 2px 3px; min-width: 26px; text-align: center; }
#discard-pile .mini.red { color: #c8102e; }
#discard-pile .mini.black { color: #111; }
.controls { display: flex; gap: .4rem; align-items: center; margin-top: 12px; color: #fff; }
.controls button { font: inherit; font-size: 1rem; padding: .3rem .8rem; border-radius: 6px; border: 1px solid #0b3d22; background: #fff; cursor: pointer; }
.controls button:disabled { opacity: .45; cursor: default; }
#step { margin-left: .5rem; font-size: .9rem; }
aside { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: .5rem .2rem .5rem 0; min-width: 230px; }
aside h2 { font-size: .9rem; margin: .1rem .8rem .4rem; }
#moves { max-height: 520px; overflow-y: auto; position: relative; margin: 0; padding: 0 .6rem 0 2.8rem; font-size: .85rem; }
#moves li { padding: 1px 4px; border-radius: 4px; cursor: pointer; }
#moves li.done { color: #999; }
#moves li.current { background: #ffe082; color: #000; }
#moves .none { list-style: none; margin-left: -2.2rem; color: #666; cursor: default; }
.help { color: #666; font-size: .78rem; margin: .6rem 1.2rem; }
kbd { border: 1px solid #bbb; border-radius: 3px; padding: 0 3px; background: #fff; font-size: .75rem; }
`;

/** The page's script: replays the moves from the deal and draws the position after `step` of them. */
const SCRIPT = String.raw`
(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('deal-data').textContent);
  const SUITS = { C: '♣', D: '♦', H: '♥', S: '♠' };
  const label = (code) => (code[0] === 'T' ? '10' : code[0]) + SUITS[code[1]];
  const colour = (code) => (code[1] === 'D' || code[1] === 'H' ? 'red' : 'black');
  let game = 0;
  let step = 0;

  // The position after the first n moves of game g: piles bottom to top, next stock card, discards.
  function position(g, n) {
    const piles = [[data.deal[0]], [data.deal[1]], [data.deal[2]], [data.deal[3]]];
    let next = 4;
    const discards = [];
    let last = null;
    const moves = data.games[g].moves;
    for (let i = 0; i < n; i++) {
      const words = moves[i].split(' ');
      if (words[0] === 'deal') {
        for (let p = 0; p < 4; p++) piles[p].push(data.deal[next++]);
        last = null;
      } else {
        const card = words[1];
        const from = piles.findIndex((pile) => pile.includes(card));
        piles[from].splice(piles[from].indexOf(card), 1);
        if (words[0] === 'remove') { discards.push(card); last = null; }
        else { piles[Number(words[2]) - 1].push(card); last = card; }
      }
    }
    return { piles, stock: 52 - next, discards, last };
  }

  function cardElement(code, mini) {
    const el = document.createElement('div');
    el.className = (mini ? 'mini ' : 'card ') + colour(code);
    el.dataset.card = code;
    el.title = label(code);
    if (mini) el.textContent = label(code);
    else {
      const corner = document.createElement('span');
      corner.className = 'corner';
      corner.textContent = label(code);
      const pip = document.createElement('span');
      pip.className = 'pip';
      pip.textContent = SUITS[code[1]];
      el.append(corner, pip);
    }
    return el;
  }

  function draw() {
    const x = data.games[game];
    const pos = position(game, step);
    document.querySelectorAll('nav.games button').forEach((b, i) => b.setAttribute('aria-selected', String(i === game)));
    document.getElementById('verdict').textContent = x.verdict;
    const n = x.note;
    const noteEl = document.getElementById('note');
    noteEl.textContent = n;
    noteEl.hidden = n === '';
    const piles = document.getElementById('piles');
    piles.replaceChildren(...pos.piles.map((pile, p) => {
      const column = document.createElement('div');
      const el = document.createElement('div');
      el.className = 'pile';
      el.dataset.pile = String(p + 1);
      for (const code of pile) {
        const c = cardElement(code, false);
        if (code === pos.last) c.classList.add('last');
        el.append(c);
      }
      const name = document.createElement('div');
      name.className = 'pile-name';
      name.textContent = 'pile ' + (p + 1) + ' · ' + pile.length;
      column.append(el, name);
      return column;
    }));
    const stock = document.getElementById('stock');
    stock.textContent = String(pos.stock);
    stock.classList.toggle('empty', pos.stock === 0);
    document.getElementById('discarded').textContent = String(pos.discards.length);
    document.getElementById('discard-pile').replaceChildren(...pos.discards.map((code) => cardElement(code, true)));
    document.getElementById('step').textContent = x.moves.length === 0 ? 'no moves' : 'move ' + step + ' of ' + x.moves.length;
    document.getElementById('step').dataset.step = String(step);
    const list = document.getElementById('moves');
    if (list.dataset.game !== String(game)) {
      list.dataset.game = String(game);
      list.replaceChildren(...(x.moves.length === 0
        ? [Object.assign(document.createElement('li'), { className: 'none', textContent: 'no moves: ' + x.result })]
        : x.labels.map((text, i) => {
          const li = document.createElement('li');
          li.textContent = text;
          li.dataset.move = x.moves[i];
          li.addEventListener('click', () => go(i + 1));
          return li;
        })));
    }
    list.querySelectorAll('li[data-move]').forEach((li, i) => {
      li.classList.toggle('done', i < step - 1);
      li.classList.toggle('current', i === step - 1);
    });
    // Keep the current move in view by scrolling the list only (scrollIntoView would scroll the page too).
    const current = list.querySelector('li.current');
    if (current) {
      const top = current.offsetTop;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + current.offsetHeight - list.clientHeight;
    } else list.scrollTop = 0;
    document.getElementById('first').disabled = document.getElementById('back').disabled = step === 0;
    document.getElementById('last').disabled = document.getElementById('forward').disabled = step === x.moves.length;
  }

  function go(n) {
    step = Math.max(0, Math.min(data.games[game].moves.length, n));
    draw();
  }

  document.getElementById('first').addEventListener('click', () => go(0));
  document.getElementById('back').addEventListener('click', () => go(step - 1));
  document.getElementById('forward').addEventListener('click', () => go(step + 1));
  document.getElementById('last').addEventListener('click', () => go(Infinity));
  document.querySelectorAll('nav.games button').forEach((b, i) => b.addEventListener('click', () => { game = i; step = 0; draw(); }));
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: Infinity }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  draw();
})();
`;

/** JSON safe to put inside a script element. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</gu, '\\u003c')
    .replace(/\u2028/gu, '\\u2028')
    .replace(/\u2029/gu, '\\u2029');

export interface DealPageMeta {
  version: string;
}

/** The whole page of one deal and its solved variants × rules. */
export function dealPage(deal: Deal, games: readonly PageGame[], meta: DealPageMeta): string {
  const cards = Array.from(deal, cardName);
  const tabs = games
    .map((g) => {
      const verdict = g.result === 'won' ? 'won' : g.result === 'lost' ? 'lost' : 'unknown';
      return `<button type="button" role="tab" data-game="${g.variant}/${g.discards}">${escapeHtml(`${g.variant} · ${g.discards}: ${verdict}`)}</button>`;
    })
    .join('');
  return `${pageHead(`acesup: ${cards.slice(0, 4).join(' ')} … replayed`, STYLE, "script-src 'unsafe-inline'")}
<header>
<h1>Aces Up: one deal under perfect play</h1>
<div class="deal" id="deal">${escapeHtml(cards.join(' '))}</div>
</header>
<nav class="games" role="tablist">${tabs}</nav>
<main>
<section class="table">
<p id="verdict"></p>
<p id="note" hidden></p>
<div class="row">
<div id="piles"></div>
<div class="side">
<div>stock</div>
<div class="stock" id="stock"></div>
<div>discarded: <b id="discarded"></b></div>
</div>
</div>
<div id="discard-pile" aria-label="discarded cards, in order"></div>
<div class="controls">
<button type="button" id="first" title="first position (Home)">Home</button>
<button type="button" id="back" title="back one move (←)">←</button>
<button type="button" id="forward" title="forward one move (→)">→</button>
<button type="button" id="last" title="last position (End)">End</button>
<span id="step"></span>
</div>
</section>
<aside>
<h2>Moves</h2>
<ol id="moves"></ol>
</aside>
</main>
<p class="help"><kbd>←</kbd> <kbd>→</kbd> step, <kbd>Home</kbd> <kbd>End</kbd> jump, or click a move. Cards are dealt in order onto piles 1–4; the outlined card is the one just moved.
Moves are written as <code>acesup solve</code> prints them; a won deal's are the solver's solution. Made by acesup ${escapeHtml(meta.version)}.</p>
<script type="application/json" id="deal-data">${scriptJson({ deal: cards, games })}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
