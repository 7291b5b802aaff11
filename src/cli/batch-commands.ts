// The batch subcommands (deal, estimate, merge), added to the program by main.ts.

import type { Command } from 'commander';

export function addBatchCommands(_program: Command): void {}
