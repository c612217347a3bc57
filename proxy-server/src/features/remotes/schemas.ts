/** zod schemas of the remote-release request bodies (validate.ts turns issues into one sentence). */
import { z } from 'zod';
import { REMOTE_NAMES } from '@prompt-perfect/core/contracts/remotes';
import { text } from '../../http/validate';

const URL_MAX = 2_000;

const manifestUrl = text()
  .pipe(z.string().max(URL_MAX))
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: "must be the absolute http(s) URL of the remote's mf-manifest.json." },
  );

const version = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/, { message: 'must be 1-64 letters, digits, ., _, + or -.' });
const releasedBy = text().pipe(z.string().max(100));

export const ReleaseSchema = z.strictObject({ url: manifestUrl, version, releasedBy: releasedBy.optional() });

export const CanarySchema = z.strictObject({
  url: manifestUrl,
  version,
  percent: z.number({ message: 'must be a number.' }).int().min(1).max(100),
  releasedBy: releasedBy.optional(),
});

export const LoadFailureSchema = z.strictObject({
  remote: z.enum(REMOTE_NAMES as [string, ...string[]], { message: "must be 'trial', 'workspace' or 'progress'." }),
  url: z.string().max(URL_MAX),
  version: z.string().max(64),
  message: z.string().max(500).optional(),
});
