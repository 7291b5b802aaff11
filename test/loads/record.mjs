// A preload (`node --import ./test/loads/record.mjs …`) that records every module the process loads, for
// test/startup.test.ts: ES modules as their resolved URLs, appended by a resolve hook (on node's hooks thread)
// to the file that ACESUP_LOAD_LOG names as each is resolved; CommonJS modules, which a require of
// createRequire loads without passing the hook, from require.cache when the process exits.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const log = process.env.ACESUP_LOAD_LOG;
if (log === undefined) throw new Error('record.mjs: set ACESUP_LOAD_LOG to the file to append the modules to');

register(new URL('./hooks.mjs', import.meta.url));
process.on('exit', () => {
  const files = Object.keys(createRequire(import.meta.url).cache);
  appendFileSync(log, files.map((file) => `${pathToFileURL(file).href}\n`).join(''));
});
