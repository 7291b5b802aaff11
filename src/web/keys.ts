// The page's keys: 1–4 a pile, D deal, U undo, R redo, H hint, N the solver's next move, Esc let go. Keys typed
// into a field, or with Ctrl, Alt or Meta (but Ctrl+Z and Ctrl+Y, undo and redo), are the browser's.

export interface KeyActions {
  pile(pile: number): void;
  deal(): void;
  undo(): void;
  redo(): void;
  hint(): void;
  next(): void;
  escape(): void;
}

export function listenToKeys(actions: KeyActions): void {
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select') !== null) return;
    const key = event.key.toLowerCase();
    const ctrl = event.ctrlKey || event.metaKey;
    let action: (() => void) | undefined;
    if (ctrl && !event.altKey) {
      if (key === 'z') action = event.shiftKey ? actions.redo : actions.undo;
      else if (key === 'y') action = actions.redo;
    } else if (!event.altKey) {
      if (key >= '1' && key <= '4') action = () => actions.pile(Number(key) - 1);
      else if (key === 'd') action = actions.deal;
      else if (key === 'u') action = actions.undo;
      else if (key === 'r') action = actions.redo;
      else if (key === 'h') action = actions.hint;
      else if (key === 'n') action = actions.next;
      else if (key === 'escape') action = actions.escape;
    }
    if (action === undefined) return;
    event.preventDefault();
    action();
  });
}
