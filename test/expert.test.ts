// The expert's machinery: its rollouts play greedy's games move for move on typed arrays, and its exact
// last deal agrees with a search written for the test (test/play.test.ts compares it with expectimax too).

import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import type { Card } from '../src/core/game/cards.ts';
import { playGame } from '../src/core/play/game.ts';
import { FillLookahead } from '../src/core/play/lookahead.ts';
import { makePolicy } from '../src/core/play/policies.ts';
import { Rng } from '../src/core/game/random.ts';
import { LOOKAHEAD_FILLS, LastDeal, Sim, playGreedy } from '../src/core/play/rollout.ts';
import type { View } from '../src/core/play/view.ts';
import { DISCARD_RULES, VARIANTS } from '../src/core/game/rules.ts';
import { PositionSolver, positionFrame } from '../src/core/search/position-solve.ts';

/** A view of `piles` with `discarded` cards gone (all a Sim reads of a view). */
const viewOf = (piles: Card[][], discarded: number): View => ({ piles, discarded }) as unknown as View;

describe('a rollout plays greedy', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: from every decision of greedy's games, greedy on a Sim with the true stock ends as the game does`, () => {
      for (const aceBonus of [0, 2]) {
        const lookahead = new FillLookahead(variant, aceBonus, LOOKAHEAD_FILLS);
        const greedy = makePolicy('greedy', variant, 'forced', { aceBonus });
        let checked = 0;
        for (let index = 0; index < (variant === 'easy' ? 40 : 150); index++) {
          const deal = dealFor(61, index);
          const predictions: number[] = [];
          const watched = {
            name: 'watched',
            choose: (view: View, rng: Rng) => {
              const rest = deal.slice(view.dealt.length);
              const sim = new Sim();
              sim.load(view, rest, rest.length);
              playGreedy(sim, lookahead, -1);
              predictions.push(sim.discarded * 2 + (sim.won() ? 1 : 0));
              return greedy.choose(view, rng);
            },
          };
          const game = playGame(deal, watched, variant, 'forced', new Rng(index));
          for (const predicted of predictions) expect(predicted).toBe(game.discarded * 2 + (game.won ? 1 : 0));
          checked += predictions.length;
        }
        expect(checked).toBeGreaterThan(1000);
      }
    });
  }
});

describe('the exact last deal', () => {
  for (const variant of VARIANTS) {
    for (const rule of DISCARD_RULES) {
      it(`${variant} × ${rule}: with the stock empty, a position is won exactly when the solver wins it`, () => {
        // After the last deal nothing is unseen: the value is the clairvoyant solver's verdict.
        const last = new LastDeal(variant, rule);
        const solver = new PositionSolver(variant, rule);
        let won = 0;
        let positions = 0;
        for (let index = 0; index < 400; index++) {
          const deal = dealFor(67, index);
          const game = playGame(deal, makePolicy('greedy', variant, rule, { aceBonus: 2 }), variant, rule, new Rng(index));
          // The position right after the last deal, replayed from the game's moves.
          let deals = 0;
          const end = game.moves.findIndex((move) => move.kind === 'deal' && ++deals === 12);
          if (end < 0) continue;
          const at = new Sim();
          const piles: Card[][] = [[deal[0]!], [deal[1]!], [deal[2]!], [deal[3]!]];
          let next = 4;
          let discarded = 0;
          for (const move of game.moves.slice(0, end + 1)) {
            if (move.kind === 'deal') {
              for (let p = 0; p < 4; p++) piles[p]!.push(deal[next++]!);
            } else {
              const from = piles.findIndex((cards) => cards.includes(move.card));
              piles[from]!.splice(piles[from]!.indexOf(move.card), 1);
              if (move.kind === 'remove') discarded += 1;
              else piles[move.pile]!.push(move.card);
            }
          }
          at.load(viewOf(piles, discarded), new Uint8Array(0), 0);
          const value = last.value(at);
          const verdict = solver.solve(deal, positionFrame(deal, piles, 52, discarded), 1_000_000).verdict;
          expect(verdict).not.toBe('unknown');
          expect(value).toBe(verdict === 'won' ? 1 : 0);
          positions += 1;
          won += value;
        }
        expect(positions).toBeGreaterThan(50);
        // Both verdicts occur (greedy's games reach the last deal with and without a win left).
        expect(won).toBeGreaterThan(0);
        expect(won).toBeLessThan(positions);
      });
    }
  }
});
