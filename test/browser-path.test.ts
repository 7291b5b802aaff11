// Which browser the browser tests take: a named one, or a clear error when the name is wrong.

import { describe, expect, it } from 'vitest';
import { findChromium } from './browser-path.ts';

describe('findChromium', () => {
  it('takes the browser ACESUP_CHROMIUM names, as it is', async () => {
    const found = await findChromium('unused', process.execPath);
    expect(found).toEqual({ executablePath: process.execPath, source: `ACESUP_CHROMIUM=${process.execPath}`, env: {} });
  });
  it('refuses a name that is not there, saying which', async () => {
    await expect(findChromium('unused', '/no/such/chromium')).rejects.toThrow(
      'ACESUP_CHROMIUM names /no/such/chromium, which does not exist',
    );
  });
});
