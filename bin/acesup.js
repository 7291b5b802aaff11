#!/usr/bin/env node
// Launcher of the acesup command: registers tsx so that the TypeScript sources run as they are.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
