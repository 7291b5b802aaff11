// Which Chromium the browser tests drive: one named by ACESUP_CHROMIUM, else a system Chromium or Chrome,
// else the one the npm package @sparticuz/chromium ships (a dev dependency), so that no root and no apt are needed.

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export interface Browser {
  executablePath: string;
  /** What to print: where the browser comes from. */
  source: string;
  /** Environment the browser process needs beyond the test's own. */
  env: Record<string, string>;
}

/**
 * ACESUP_CHROMIUM=PATH names a browser, ACESUP_CHROMIUM=bundled asks for the npm one even where a system
 * one is installed. The npm one is unpacked once per clone into `cacheDir`.
 */
export async function findChromium(cacheDir: string, named = process.env.ACESUP_CHROMIUM): Promise<Browser> {
  if (named && named !== 'bundled') {
    if (!existsSync(named)) throw new Error(`ACESUP_CHROMIUM names ${named}, which does not exist`);
    return { executablePath: named, source: `ACESUP_CHROMIUM=${named}`, env: {} };
  }
  const system = named === 'bundled' ? undefined : SYSTEM.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: system, env: {} };
  return bundled(cacheDir);
}

async function bundled(cacheDir: string): Promise<Browser> {
  mkdirSync(cacheDir, { recursive: true });
  const { default: chromium } = await import('@sparticuz/chromium');
  // The package unpacks into os.tmpdir(), and unpacks the libraries it ships (nss, nspr, expat, which a bare
  // Debian lacks as well) only where it believes it runs on Amazon Linux 2023: both are steered for this call.
  const saved = { TMPDIR: process.env.TMPDIR, CODEBUILD_BUILD_IMAGE: process.env.CODEBUILD_BUILD_IMAGE };
  process.env.TMPDIR = cacheDir;
  process.env.CODEBUILD_BUILD_IMAGE = 'nodejs20';
  try {
    const executablePath = await chromium.executablePath();
    const libraries = join(cacheDir, 'al2023', 'lib');
    if (!existsSync(libraries)) throw new Error(`@sparticuz/chromium did not unpack its libraries into ${libraries}`);
    return {
      executablePath,
      source: `@sparticuz/chromium (unpacked in ${cacheDir})`,
      env: { LD_LIBRARY_PATH: libraries, FONTCONFIG_PATH: join(cacheDir, 'fonts') },
    };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
