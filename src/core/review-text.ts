// What a review found, in plain words, as `acesup review` and the web page say it: the deal's verdict at the start,
// the move that lost it, and the line that wins instead (numbered on from where it starts).

import { fmt } from './game/format.ts';
import { describeGameMove, parseMove } from './game/notation.ts';

/** What the words need of a review (the library's ReviewAnswer). */
export interface ReviewFigures {
  moves: number;
  outcome: 'won' | 'winnable' | 'lost' | 'unwinnable' | 'unknown';
  firstLosingMove: number | null;
  losingMove: string | null;
  winningLine: string[] | null;
  lastWinnable: number | null;
  firstLost: number | null;
  maxStates: number;
}

/** A review in words: its sentences, then the line that wins instead, if there is one. */
export interface ReviewWords {
  sentences: string[];
  /** The sentence that brings in the winning line, the number of its first move in the game, and its moves. */
  line: { intro: string; from: number; moves: string[] } | null;
}

const plural = (n: number, word: string): string => `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;

/** The review in words; its moves (in the rules' notation) are written for people, with suit symbols. */
export function reviewWords(answer: ReviewFigures): ReviewWords {
  const budget = `${fmt(answer.maxStates)} positions`;
  const line = answer.winningLine;
  switch (answer.outcome) {
    case 'won':
      return { sentences: ['The line wins the deal: nothing was lost.'], line: null };
    case 'winnable':
      return {
        sentences: [answer.moves === 0 ? 'The deal can be won.' : 'The game can still be won from where the line ends.'],
        line: { intro: `This line wins from there (${plural(line!.length, 'move')}):`, from: answer.moves + 1, moves: line! },
      };
    case 'unwinnable':
      return { sentences: ['The deal could not be won: no line of play wins it from the start, so no move lost it.'], line: null };
    case 'lost': {
      const k = answer.firstLosingMove!;
      return {
        sentences: [
          'The deal was winnable at the start.',
          `Move ${k} (${describeGameMove(parseMove(answer.losingMove!))}) lost it: after it no line of play wins.`,
        ],
        line: { intro: `From the position before it, this line wins (${plural(line!.length, 'move')}):`, from: k, moves: line! },
      };
    }
    case 'unknown': {
      const { lastWinnable, firstLost, moves } = answer;
      const start =
        lastWinnable === null
          ? `Could not tell whether the deal was winnable at the start: the solver did not decide it within ${budget}.`
          : lastWinnable === 0
            ? 'The deal was winnable at the start.'
            : `The deal was winnable at the start, and still after move ${lastWinnable}.`;
      const from = (lastWinnable ?? 0) + 1;
      const rest =
        firstLost === null
          ? `Whether a move from move ${from} to move ${moves} lost it, the solver could not decide within ${budget} per position.`
          : `The game could no longer be won after move ${firstLost}; which move from move ${from} to move ${firstLost} lost it, the solver could not decide within ${budget} per position.`;
      return { sentences: [start, rest], line: null };
    }
  }
}
