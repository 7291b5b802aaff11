// The module hooks of record.mjs: appends each module's resolved URL to the file ACESUP_LOAD_LOG names.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.ACESUP_LOAD_LOG, `${result.url}\n`);
  return result;
}
