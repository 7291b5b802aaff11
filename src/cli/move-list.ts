// Reads a move list as `acesup solve` prints it — numbered lines such as "  2. move A♣ to pile 3" — as
// well as the comma-separated notation ("deal, remove 2D, move AC 3"), so that a printed solution verifies as it is.

/** The move list `text` in the comma-separated notation of docs/rules.md, one item per move. */
export function normaliseMoveList(text: string): string {
  return text
    .split(/[,\n]/u)
    .map((item) =>
      item
        .trim()
        .replace(/^\d+\s*[.)]\s*/u, '') // "12. deal"
        .replace(/^(move\s+\S+)\s+to\s+pile\s+(\S+)$/iu, '$1 $2'),
    ) // "move A♣ to pile 3"
    .filter((item) => item !== '')
    .join(', ');
}
